import { readFile } from 'node:fs/promises';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { sharedContract } from '../../testing/sharedContracts';

/**
 * Validates real answers of the BI API against Superset's OpenAPI contract
 * (superset-openapi.json in ../shared/contracts, never copied into the project), with the
 * corrections below applied to an in-memory copy where the spec is wrong about what Superset
 * actually answers (each says why).
 */

const DOC_ID = 'superset-openapi.json';

type Json = Record<string, unknown>;
type Method = 'get' | 'post' | 'put' | 'delete';

export interface Contract {
  /** Throws (with Ajv's errors) unless `body` matches the spec's response schema; throws too when the spec has none. */
  expectResponse(specPath: string, method: Method, status: number, body: unknown): void;
  /** The same against a named components/schemas entry. */
  expectSchema(name: string, body: unknown): void;
  /** Whether the spec defines a JSON schema for this answer. */
  hasResponse(specPath: string, method: Method, status: number): boolean;
}

/**
 * Checks that pass without looking: without ../shared/contracts the route tests still test the
 * routes, only their conformance checks are skipped (the global setup says so once).
 */
const SKIPPED: Contract = { expectResponse() {}, expectSchema() {}, hasResponse: () => true };

export async function loadContract(specFile: string | null = sharedContract(DOC_ID)): Promise<Contract> {
  if (specFile === null) return SKIPPED;
  const spec = JSON.parse(await readFile(specFile, 'utf8')) as Json;
  applyCorrections(spec);
  const ajv = new Ajv({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema({ $id: DOC_ID, components: spec.components }, DOC_ID);
  const compiled = new Map<string, ValidateFunction>();
  const validatorOf = (key: string, schema: unknown) => {
    let validate = compiled.get(key);
    if (!validate) compiled.set(key, (validate = ajv.compile(anchored(schema) as Json)));
    return validate;
  };
  const check = (validate: ValidateFunction, body: unknown, what: string) => {
    if (!validate(body)) throw new Error(`${what} does not match the contract: ${ajv.errorsText(validate.errors, { separator: '\n' })}`);
  };
  return {
    expectResponse(specPath, method, status, body) {
      const schema = responseSchema(spec, specPath, method, status);
      if (!schema) throw new Error(`The contract has no JSON schema for ${method.toUpperCase()} ${specPath} ${status}`);
      check(validatorOf(`${method} ${specPath} ${status}`, schema), body, `${method.toUpperCase()} ${specPath} ${status}`);
    },
    expectSchema(name, body) {
      check(validatorOf(`#${name}`, { $ref: `#/components/schemas/${name}` }), body, name);
    },
    hasResponse: (specPath, method, status) => responseSchema(spec, specPath, method, status) !== null,
  };
}

function responseSchema(spec: Json, specPath: string, method: Method, status: number): unknown {
  const operation = (spec.paths as Json)[specPath] as Json | undefined;
  let response = ((operation?.[method] as Json | undefined)?.responses as Json | undefined)?.[String(status)] as Json | undefined;
  if (typeof response?.$ref === 'string') response = pointer(spec, response.$ref) as Json;
  return ((response?.content as Json | undefined)?.['application/json'] as Json | undefined)?.schema ?? null;
}

/** Local refs (#/components/...) rewritten to point into the document added under DOC_ID. */
function anchored(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(anchored);
  if (typeof schema !== 'object' || schema === null) return schema;
  return Object.fromEntries(Object.entries(schema).map(([key, value]) => [key, key === '$ref' && typeof value === 'string' && value.startsWith('#') ? `${DOC_ID}${value}` : anchored(value)]));
}

function pointer(doc: Json, ref: string): unknown {
  return ref.slice(2).split('/').reduce<unknown>((node, part) => (node as Json)[part.replaceAll('~1', '/').replaceAll('~0', '~')], doc);
}

const nullable = (schemas: Json, name: string, properties: string[]) => {
  for (const property of properties) ((schemas[name] as Json).properties as Json)[property] = { ...(((schemas[name] as Json).properties as Json)[property] as Json), nullable: true };
};

/**
 * Where the spec and Superset's real answers differ (the console keeps to Superset's answers).
 * Flask-AppBuilder generates `ids` and `id` as strings, but sends the integer primary keys.
 */
function applyCorrections(spec: Json): void {
  const schemas = (spec.components as Json).schemas as Json;
  const paths = spec.paths as Json;
  const json = (specPath: string, method: Method, status: number) =>
    ((((paths[specPath] as Json)[method] as Json).responses as Json)[String(status)] as Json).content as Json;
  const integerIds = { anyOf: [{ type: 'integer' }, { type: 'string' }] };
  for (const specPath of ['/api/v1/database/', '/api/v1/query/', '/api/v1/saved_query/']) {
    (((json(specPath, 'get', 200)['application/json'] as Json).schema as Json).properties as Json).ids = { type: 'array', items: integerIds };
  }
  for (const [specPath, method, status] of [['/api/v1/query/{pk}', 'get', 200], ['/api/v1/saved_query/{pk}', 'get', 200], ['/api/v1/saved_query/', 'post', 201]] as const) {
    (((json(specPath, method, status)['application/json'] as Json).schema as Json).properties as Json).id = integerIds;
  }
  // Query.to_dict() and the list send null for what a query does not have (yet).
  nullable(schemas, 'QueryResult', ['schema', 'tab', 'sqlEditorId', 'executedSql', 'changed_on']);
  nullable(schemas, 'QueryRestApi.get_list', ['end_time', 'rows', 'schema', 'tab_name', 'tmp_table_name', 'tracking_url', 'executed_sql']);
  // Superset's estimate answers a list (one cost per statement), not an object.
  (((json('/api/v1/sqllab/estimate/', 'post', 200)['application/json'] as Json).schema as Json).properties as Json).result = { type: 'array', items: { type: 'object' } };
  // README.md of the contracts: the handler answers TableMetadataResponseSchema, not the extra metadata.
  json('/api/v1/database/{pk}/table_metadata/', 'get', 200)['application/json'] = { schema: { $ref: '#/components/schemas/TableMetadataResponseSchema' } };
  // The bootstrap is sent as {result: ...}; it has no active tab when the client keeps tab state,
  // and its databases are Database.to_json() (not the import schema, which requires an URI and a uuid).
  json('/api/v1/sqllab/', 'get', 200)['application/json'] = { schema: { type: 'object', required: ['result'], properties: { result: { $ref: '#/components/schemas/SQLLabBootstrapSchema' } } } };
  const bootstrap = (schemas.SQLLabBootstrapSchema as Json).properties as Json;
  bootstrap.active_tab = { anyOf: [{ type: 'null' }, { $ref: '#/components/schemas/TabState' }] };
  bootstrap.databases = { type: 'object', additionalProperties: { $ref: '#/components/schemas/DatabaseRestApi.get_list' } };
}

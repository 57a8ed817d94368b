import { sharedContract } from '../../testing/sharedContracts';
import { loadOpenApiContract, type Contract, type Json, type Method } from '../../testing/openApiContract';

export type { Contract } from '../../testing/openApiContract';

/**
 * Validates real answers of the BI API against Superset's OpenAPI contract
 * (superset-openapi.json in ../shared/contracts, never copied into the project), with the
 * corrections below applied to an in-memory copy where the spec is wrong about what Superset
 * actually answers (each says why).
 */

const DOC_ID = 'superset-openapi.json';

export function loadContract(specFile: string | null = sharedContract(DOC_ID)): Promise<Contract> {
  return loadOpenApiContract(specFile, applyCorrections);
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
  // tables/ sends `extra: null` for a table without comment (seen on Superset 6.1 with PostgreSQL and DuckDB).
  nullable(schemas, 'DatabaseTablesResponse', ['extra']);
  // table_metadata/'s primary key of a table without one has `name: null` (same engines).
  nullable(schemas, 'TableMetadataPrimaryKeyResponse', ['name']);
  // A real execute/ answer: no results key when the results backend is not used, and changed_on
  // as Python's isoformat() of a naive time (no zone, so not an RFC 3339 date-time).
  nullable(schemas, 'QueryResult', ['resultsKey']);
  ((schemas.QueryResult as Json).properties as Json).changed_on = { type: 'string', nullable: true };
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

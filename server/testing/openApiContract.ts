import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { createRequire } from 'node:module';

/**
 * Validates real answers of an API against a public OpenAPI 3.0 contract in ../shared/contracts
 * (JSON or YAML, never copied into the project), with corrections applied to an in-memory copy
 * where the spec is wrong about what the real server answers. Each API's tests wrap it with their
 * spec and corrections (bi/testing/contract.ts, workflow/testing/contract.ts).
 */

// js-yaml comes with the dev tools (eslint) and ships no types: only its load() is used.
const yaml = createRequire(import.meta.url)('js-yaml') as { load(text: string): unknown };

export type Json = Record<string, unknown>;
export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

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

export async function loadOpenApiContract(specFile: string | null, applyCorrections: (spec: Json) => void = () => undefined): Promise<Contract> {
  if (specFile === null) return SKIPPED;
  const docId = path.basename(specFile);
  const text = await readFile(specFile, 'utf8');
  const spec = (specFile.endsWith('.json') ? JSON.parse(text) : yaml.load(text)) as Json;
  applyCorrections(spec);
  const ajv = new Ajv({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema({ $id: docId, components: spec.components }, docId);
  const compiled = new Map<string, ValidateFunction>();
  const validatorOf = (key: string, schema: unknown) => {
    let validate = compiled.get(key);
    if (!validate) compiled.set(key, (validate = ajv.compile(anchored(schema, docId) as Json)));
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

/** Local refs (#/components/...) rewritten to point into the document added under docId. */
function anchored(schema: unknown, docId: string): unknown {
  if (Array.isArray(schema)) return schema.map((item) => anchored(item, docId));
  if (typeof schema !== 'object' || schema === null) return schema;
  return Object.fromEntries(Object.entries(schema).map(([key, value]) => [key, key === '$ref' && typeof value === 'string' && value.startsWith('#') ? `${docId}${value}` : anchored(value, docId)]));
}

export function pointer(doc: Json, ref: string): unknown {
  return ref.slice(2).split('/').reduce<unknown>((node, part) => (node as Json)[part.replaceAll('~1', '/').replaceAll('~0', '~')], doc);
}

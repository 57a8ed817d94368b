import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Ajv, type Options, type ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

/**
 * Checks requests and answers against a public OpenAPI document (3.0 or 3.1, JSON or YAML) read
 * from ../shared/contracts, never copied into the project; corrections are applied to the copy in
 * memory where a spec is wrong about what the real server answers. 3.1 documents are JSON Schema
 * 2020-12 (`anyOf [.., {type: null}]`), so they get Ajv's 2020 dialect; 3.0 keeps `nullable`,
 * which Ajv's default dialect understands.
 */

export type Json = Record<string, unknown>;
export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

export interface WireRequest {
  method: Method;
  /** The path as the spec writes it would be filled in (after the spec's server base), without the query. */
  path: string;
  query: URLSearchParams;
  body?: unknown;
}

export interface OpenApiContract {
  /** Throws unless the request names an operation of the spec with declared, valid parameters and body; answers the spec path. */
  expectRequest(request: WireRequest): string;
  /** Throws (with Ajv's errors) unless `body` matches the spec's JSON response schema. */
  expectResponse(specPath: string, method: Method, status: number, body: unknown): void;
  expectSchema(name: string, body: unknown): void;
  /** Whether the spec defines a JSON schema for this answer. */
  hasResponse(specPath: string, method: Method, status: number): boolean;
}

// js-yaml comes with the dev tools (eslint) and ships no types: only its load() is used.
const yaml = createRequire(import.meta.url)('js-yaml') as { load(text: string): unknown };

export function loadOpenApi(file: string, docId: string, applyCorrections: (spec: Json) => void = () => undefined): OpenApiContract {
  const spec = readSpec(file, applyCorrections);
  const { ajv, params, validator, check } = validators(spec, docId);
  const operations = Object.entries(spec.paths as Json).map(([template, item]) => ({ template, item: item as Json, pattern: templatePattern(template) }));
  return {
    expectRequest({ method, path, query, body }) {
      const found = operations.filter((o) => o.pattern.test(path) && (o.item[method] as Json | undefined));
      // A literal segment ('~/dagRuns/list') wins over a parameter that would also match it.
      found.sort((a, b) => braces(a.template) - braces(b.template));
      const operation = found[0];
      if (!operation) throw new Error(`${method.toUpperCase()} ${path} is no operation of ${docId}`);
      const op = operation.item[method] as Json;
      const declared = [...((operation.item.parameters as Json[] | undefined) ?? []), ...((op.parameters as Json[] | undefined) ?? [])].map((p) => resolve(spec, p));
      const what = `${method.toUpperCase()} ${operation.template}`;
      const values = { path: pathValues(operation.template, path), query: queryValues(query, declared) };
      for (const where of ['path', 'query'] as const) {
        check(validator(params, `${what} ${where}`, parametersSchema(declared, where)), values[where], `${what} ${where} parameters`);
      }
      const requestSchema = ((resolve(spec, (op.requestBody as Json | undefined) ?? {}).content as Json | undefined)?.['application/json'] as Json | undefined)?.schema;
      if (requestSchema) check(validator(ajv, `${what} body`, requestSchema), body, `${what} body`);
      else if (body !== undefined) throw new Error(`${what} takes no body`);
      return operation.template;
    },
    expectResponse(specPath, method, status, body) {
      const schema = responseSchema(spec, specPath, method, status);
      if (!schema) throw new Error(`${docId} has no JSON schema for ${method.toUpperCase()} ${specPath} ${status}`);
      check(validator(ajv, `${method} ${specPath} ${status}`, schema), body, `${method.toUpperCase()} ${specPath} ${status}`);
    },
    expectSchema(name, body) {
      check(validator(ajv, `#${name}`, { $ref: `#/components/schemas/${name}` }), body, name);
    },
    hasResponse: (specPath, method, status) => responseSchema(spec, specPath, method, status) !== undefined,
  };
}

/** The document (JSON or YAML) with the caller's corrections, as Ajv reads it. */
function readSpec(file: string, applyCorrections: (spec: Json) => void): Json {
  const text = readFileSync(file, 'utf8');
  const spec = (file.endsWith('.json') ? JSON.parse(text) : yaml.load(text)) as Json;
  applyCorrections(spec);
  if (!isOpenApi31(spec)) Object.assign(spec, { components: nullableWithoutType(spec.components), paths: nullableWithoutType(spec.paths) });
  return spec;
}

function isOpenApi31(spec: Json): boolean {
  return String(spec.openapi).startsWith('3.1');
}

/** Ajv over the document's components (bodies), one coercing (parameters), and compiled schemas kept by key. */
function validators(spec: Json, docId: string) {
  const options: Options = { strict: false, allErrors: true };
  const make = (extra: Options = {}) => {
    const ajv = isOpenApi31(spec) ? new Ajv2020({ ...options, ...extra }) : new Ajv({ ...options, ...extra });
    addFormats(ajv);
    ajv.addSchema({ $id: docId, components: spec.components }, docId);
    return ajv;
  };
  const ajv = make();
  // Query and path values arrive as strings, one or repeated: coerced to the parameter's type.
  const params = make({ coerceTypes: 'array' });
  const compiled = new Map<string, ValidateFunction>();
  const validator = (instance: Ajv | Ajv2020, key: string, schema: unknown) => {
    let validate = compiled.get(key);
    if (!validate) compiled.set(key, (validate = instance.compile(anchored(schema, docId) as Json)));
    return validate;
  };
  const check = (validate: ValidateFunction, data: unknown, what: string) => {
    if (!validate(data)) throw new Error(`${what} does not match ${docId}: ${ajv.errorsText(validate.errors, { separator: '\n' })}`);
  };
  return { ajv, params, validator, check };
}

/** One object schema for the declared parameters in the path or the query. */
function parametersSchema(declared: Json[], where: 'path' | 'query'): Json {
  const mine = declared.filter((p) => p.in === where);
  return {
    type: 'object',
    properties: Object.fromEntries(mine.map((p) => [p.name, p.schema ?? {}])),
    required: mine.filter((p) => p.required).map((p) => p.name),
    additionalProperties: false,
  };
}

function responseSchema(spec: Json, specPath: string, method: Method, status: number): unknown {
  const item = (spec.paths as Json)[specPath] as Json | undefined;
  const response = resolve(spec, (((item?.[method] as Json | undefined)?.responses as Json | undefined)?.[String(status)] as Json | undefined) ?? {});
  return ((response.content as Json | undefined)?.['application/json'] as Json | undefined)?.schema;
}

/**
 * A 3.0 document as Ajv can read it: `nullable` beside `anyOf`/`$ref` without a `type` (Airflow 2's
 * ScheduleInterval, ClassReference users), which Ajv refuses, spelled the 3.1 way, `anyOf: [schema,
 * {type: null}]`; and Airflow 2's `format: datetime` spelled as the rest of its spec does, `date-time`.
 */
function nullableWithoutType(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(nullableWithoutType);
  if (typeof node !== 'object' || node === null) return node;
  const entries = Object.fromEntries(Object.entries(node).map(([key, value]) => [key, nullableWithoutType(value)])) as Json;
  if (entries.format === 'datetime') entries.format = 'date-time';
  if (entries.nullable !== true || 'type' in entries) return entries;
  const { nullable: _nullable, ...rest } = entries;
  return { anyOf: [rest, { type: 'null' }] };
}

const braces = (template: string) => template.split('{').length;

function templatePattern(template: string): RegExp {
  const escaped = template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+');
  return new RegExp(`^${escaped}$`);
}

function pathValues(template: string, path: string): Record<string, string> {
  const names = [...template.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
  const match = new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '([^/]+)')}$`).exec(path);
  return Object.fromEntries(names.map((name, i) => [name, decodeURIComponent(match?.[i + 1] ?? '')]));
}

/** Repeated keys become arrays where the parameter is an array (or may be one), single strings elsewhere. */
function queryValues(query: URLSearchParams, declared: Json[]): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const name of new Set(query.keys())) {
    const all = query.getAll(name);
    const schema = declared.find((p) => p.in === 'query' && p.name === name)?.schema;
    values[name] = JSON.stringify(schema ?? {}).includes('"array"') ? all : all.length === 1 ? all[0] : all;
  }
  return values;
}

function resolve(spec: Json, node: Json): Json {
  return typeof node.$ref === 'string' ? (pointer(spec, node.$ref) as Json) : node;
}

/** Local refs (#/components/...) rewritten to point into the document added under docId. */
function anchored(schema: unknown, docId: string): unknown {
  if (Array.isArray(schema)) return schema.map((s) => anchored(s, docId));
  if (typeof schema !== 'object' || schema === null) return schema;
  return Object.fromEntries(Object.entries(schema).map(([key, value]) => [key, key === '$ref' && typeof value === 'string' && value.startsWith('#') ? `${docId}${value}` : anchored(value, docId)]));
}

function pointer(doc: Json, ref: string): unknown {
  return ref.slice(2).split('/').reduce<unknown>((node, part) => (node as Json)[part.replaceAll('~1', '/').replaceAll('~0', '~')], doc);
}

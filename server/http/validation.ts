import type { FastifyServerOptions } from 'fastify';

type AjvPlugin = Extract<NonNullable<NonNullable<FastifyServerOptions['ajv']>['plugins']>[number], (...args: never[]) => unknown>;

interface StrictTypeValidator {
  (schema: string, data: unknown): boolean;
  errors?: { keyword: string; message: string; params: Record<string, unknown> }[];
}

/**
 * Fastify's Ajv coerces types (123 → "123", ["a"] → "a"), which suits query strings but
 * would let non-string credentials through. The `strictType` keyword checks the JSON
 * type without coercion; use it instead of `type` where coercion must not happen.
 */
export const strictTypePlugin: AjvPlugin = (ajv) => {
  const validate: StrictTypeValidator = (schema, data) => {
    const ok = jsonTypeOf(data) === schema;
    validate.errors = ok ? [] : [{ keyword: 'strictType', message: `must be ${schema}`, params: { type: schema } }];
    return ok;
  };
  return ajv.addKeyword({ keyword: 'strictType', schemaType: 'string', errors: true, validate });
};

function jsonTypeOf(data: unknown): string {
  if (data === null) return 'null';
  if (Array.isArray(data)) return 'array';
  return typeof data;
}

/** Body schema: an object whose listed fields are required strings. */
export function requiredStrings(...fields: string[]) {
  return {
    type: 'object',
    required: fields,
    properties: Object.fromEntries(fields.map((field) => [field, { strictType: 'string' }])),
  } as const;
}

// Types of the validator generated from schema.ts (validator.generated.js, an ajv standalone module).
export type SchemaError = { instancePath: string; keyword: string; message?: string; params: Record<string, unknown> };
export declare const validate: ((data: unknown) => boolean) & { errors?: SchemaError[] | null };

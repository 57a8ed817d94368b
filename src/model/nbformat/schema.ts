/**
 * Our JSON Schema (draft-07, compiled by ajv) of an nbformat 4.5 notebook, written from the format's
 * rules. schema.contract.node.test.ts proves it accepts and refuses what the official schema does.
 * The validator the app runs is generated from it ahead of time (validator.generated.js), since
 * the console's Content-Security-Policy forbids the `new Function` that ajv.compile needs.
 */

type Schema = Record<string, unknown>;

const object = (extra: Schema = {}): Schema => ({ type: 'object', ...extra });
const string: Schema = { type: 'string' };
const strings: Schema = { type: 'array', items: string };
/** A text kept as one string or as an array of lines. */
const multiline: Schema = { type: ['string', 'array'], items: string };
const executionCount: Schema = { type: ['integer', 'null'], minimum: 0 };

/** Mime type → content; JSON mime types (application/json, application/vnd.x+json) hold any JSON value. */
const mimeBundle = object({
  patternProperties: { '^application/([^\\n\\r\\u2028\\u2029]*\\+)?json$': {} },
  additionalProperties: multiline,
});

/** Cell metadata every cell type knows: a one-line name and tags (unique, non-empty, no commas). */
const commonCellMetadata: Schema = {
  name: { type: 'string', pattern: '^[^\\n\\r\\u2028\\u2029]+$' },
  tags: { type: 'array', uniqueItems: true, items: { type: 'string', pattern: '^[^,]+$' } },
  jupyter: object(),
};

const cellMetadata = (extra: Schema = {}): Schema => object({ properties: { ...commonCellMetadata, ...extra } });

/** The fields of a cell of the given type; no other field is allowed. */
function cell(type: string, required: string[], properties: Schema): Schema {
  return object({
    additionalProperties: false,
    required: ['id', 'cell_type', 'metadata', 'source', ...required],
    properties: {
      id: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,64}$' },
      cell_type: { const: type },
      source: multiline,
      ...properties,
    },
  });
}

/** An output of the given type with exactly these fields. */
function output(type: string, required: string[], properties: Schema): Schema {
  return object({
    additionalProperties: false,
    required: ['output_type', ...required],
    properties: { output_type: { const: type }, ...properties },
  });
}

const outputSchema = object({
  discriminator: { propertyName: 'output_type' },
  oneOf: [
    output('execute_result', ['data', 'metadata', 'execution_count'], {
      data: mimeBundle,
      metadata: object(),
      execution_count: executionCount,
    }),
    output('display_data', ['data', 'metadata'], { data: mimeBundle, metadata: object() }),
    output('stream', ['name', 'text'], { name: string, text: multiline }),
    output('error', ['ename', 'evalue', 'traceback'], { ename: string, evalue: string, traceback: strings }),
  ],
});

const attachments = object({ additionalProperties: mimeBundle });

const codeCell = cell('code', ['outputs', 'execution_count'], {
  metadata: cellMetadata({
    // Timestamps of the kernel messages; every value is a string.
    execution: object({ additionalProperties: string }),
    collapsed: { type: 'boolean' },
    scrolled: { enum: [true, false, 'auto'] },
  }),
  outputs: { type: 'array', items: outputSchema },
  execution_count: executionCount,
});

const cellSchema = object({
  discriminator: { propertyName: 'cell_type' },
  oneOf: [
    cell('raw', [], { metadata: cellMetadata({ format: string }), attachments }),
    cell('markdown', [], { metadata: cellMetadata(), attachments }),
    codeCell,
  ],
});

const notebookMetadata = object({
  properties: {
    kernelspec: object({ required: ['name', 'display_name'], properties: { name: string, display_name: string } }),
    language_info: object({
      required: ['name'],
      properties: {
        name: string,
        codemirror_mode: { type: ['string', 'object'] },
        file_extension: string,
        mimetype: string,
        pygments_lexer: string,
      },
    }),
    orig_nbformat: { type: 'integer', minimum: 1 },
    title: string,
    authors: { type: 'array' },
  },
});

export const NBFORMAT_45_SCHEMA: Schema = {
  $id: 'https://data-platform-console.local/schemas/nbformat-4.5.json',
  ...object({
    additionalProperties: false,
    required: ['metadata', 'nbformat_minor', 'nbformat', 'cells'],
    properties: {
      metadata: notebookMetadata,
      nbformat: { const: 4 },
      nbformat_minor: { type: 'integer', minimum: 5 },
      cells: { type: 'array', items: cellSchema },
    },
  }),
};

/** The ajv options the validator is compiled with (discriminator: errors name the cell's own type). */
export const NBFORMAT_AJV_OPTIONS = { strict: true, allowUnionTypes: true, discriminator: true, allErrors: false } as const;

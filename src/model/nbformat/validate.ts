import { validate as validateNotebook, type SchemaError } from './validator.generated';

/** Why a notebook does not match nbformat 4.5, in words; null when it does. */
export function schemaProblem(notebook: unknown): string | null {
  if (validateNotebook(notebook)) return null;
  const error = validateNotebook.errors?.[0];
  return error ? `${where(error.instancePath)}${describe(error)}` : 'it does not match nbformat 4.5';
}

/** "cell 3, output 1, data.text/plain: " from "/cells/2/outputs/0/data/text~1plain". */
export function where(pointer: string): string {
  const parts = pointer.split('/').slice(1).map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
  const words: string[] = [];
  const rest: string[] = [];
  for (let i = 0; i < parts.length; i++) {
    const [name, index] = [parts[i], parts[i + 1]];
    if ((name === 'cells' || name === 'outputs') && index !== undefined && /^\d+$/.test(index) && rest.length === 0) {
      words.push(`${name === 'cells' ? 'cell' : 'output'} ${Number(index) + 1}`);
      i++;
    } else rest.push(name);
  }
  if (rest.length > 0) words.push(rest.join('.'));
  return words.length > 0 ? `${words.join(', ')}: ` : '';
}

function describe(error: SchemaError): string {
  const { keyword, params, message = 'is not valid' } = error;
  if (keyword === 'additionalProperties') return `unexpected field "${String(params.additionalProperty)}"`;
  if (keyword === 'discriminator' && params.error === 'mapping') {
    return `unknown ${String(params.tag)} "${String(params.tagValue)}"`;
  }
  if (keyword === 'pattern' || keyword === 'uniqueItems') return message.replace(/"/g, '');
  return message;
}

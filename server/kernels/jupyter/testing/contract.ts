import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import Ajv04 from 'ajv-draft-04';
import addFormats from 'ajv-formats';
import { sharedContract } from '../../../testing/sharedContracts';

/**
 * Checks Jupyter Server's real answers against its public REST contract
 * (../shared/contracts/jupyter-server-api.yaml, Swagger 2.0, whose schemas are JSON Schema
 * draft 4). Without the shared folder the checks pass without looking; the global setup says so.
 */

type Json = Record<string, unknown>;
type Method = 'get' | 'post' | 'delete';

export interface JupyterContract {
  /** Throws with Ajv's errors unless body matches the contract's schema for that answer. */
  expectResponse(specPath: string, method: Method, status: number, body: unknown): void;
  /** The same against one of the contract's definitions. */
  expectDefinition(name: string, body: unknown): void;
}

const SKIPPED: JupyterContract = { expectResponse() {}, expectDefinition() {} };

// js-yaml comes with the dev tools (eslint) and ships no types: only its load() is used.
const yaml = createRequire(import.meta.url)('js-yaml') as { load(text: string): unknown };

export function loadJupyterContract(file: string | null = sharedContract('jupyter-server-api.yaml')): JupyterContract {
  if (file === null) return SKIPPED;
  const spec = yaml.load(readFileSync(file, 'utf8')) as Json;
  // Swagger's own formats that JSON Schema does not define: not checked.
  const ajv = new Ajv04({ strict: false, allErrors: true, formats: { filename: true, URL: true, url: true } });
  addFormats(ajv);
  const check = (schema: unknown, body: unknown, what: string) => {
    const validate = ajv.compile({ definitions: spec.definitions, ...(schema as Json) });
    if (!validate(body)) throw new Error(`${what} does not match the Jupyter Server contract: ${ajv.errorsText(validate.errors, { separator: '\n' })}`);
  };
  return {
    expectResponse(specPath, method, status, body) {
      const operation = ((spec.paths as Json)[specPath] as Json | undefined)?.[method] as Json | undefined;
      const schema = ((operation?.responses as Json | undefined)?.[String(status)] as Json | undefined)?.schema;
      if (schema === undefined) throw new Error(`The contract has no schema for ${method.toUpperCase()} ${specPath} ${status}`);
      check(schema, body, `${method.toUpperCase()} ${specPath} ${status}`);
    },
    expectDefinition(name, body) {
      check({ $ref: `#/definitions/${name}` }, body, name);
    },
  };
}

import { readdirSync, writeFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadOpenApi, type Json, type Method, type OpenApiContract } from '../../server/testing/openapi';
import type { Running } from '../lifecycle';
import type { Exchange } from './relay';

/** Which document describes a path, and what of the path its templates leave out (Airflow 2's server base). */
interface Document {
  covers(path: string): boolean;
  base: string;
  contract: OpenApiContract;
}

/**
 * The OpenAPI documents of the exact Airflow that answers: the REST API's as its server serves it
 * (/openapi.json on Airflow 3, /api/v1/openapi.yaml on Airflow 2), and from its installed package
 * what the server does not serve (Airflow 3's UI API and its Simple auth manager's token call).
 */
export async function upstreamContract(running: Running): Promise<(exchange: Exchange) => string | null> {
  const documents = running.api === 'v2' ? await airflow3Documents(running) : [await served(running, '/api/v1/openapi.yaml', (p) => p.startsWith('/api/v1/'), '/api/v1', airflow2Corrections)];
  return (exchange) => problemWith(documents, exchange);
}

async function airflow3Documents(running: Running): Promise<Document[]> {
  if (!running.venv) throw new Error(`${running.name} runs from no venv: its package's OpenAPI documents cannot be read`);
  const packaged = path.join(sitePackages(running.venv), 'airflow', 'api_fastapi');
  const file = (relative: string, covers: (p: string) => boolean, corrections?: (spec: Json) => void): Document => {
    const location = path.join(packaged, relative);
    return { covers, base: '', contract: loadOpenApi(location, path.basename(location), corrections) };
  };
  return [
    await served(running, '/openapi.json', (p) => p.startsWith('/api/v2/'), '', airflow3Corrections),
    file('core_api/openapi/_private_ui.yaml', (p) => p.startsWith('/ui/'), airflow3UiCorrections),
    file('auth/managers/simple/openapi/v2-simple-auth-manager-generated.yaml', (p) => p.startsWith('/auth/')),
  ];
}

/**
 * Where Airflow 2.10.5 answers otherwise than its own document says; each seen on the real server.
 * Its 403 (PermissionDenied) carries `"detail": null`, the document's Error says a string.
 */
function airflow2Corrections(spec: Json): void {
  const error = ((spec.components as Json).schemas as Json).Error as { properties: Record<string, Json> };
  error.properties.detail = { ...error.properties.detail, nullable: true };
}

/**
 * Where Airflow 3.3.2 answers otherwise than its own document says; seen on the real server. While a
 * try is still writing its log, a log page can hold a half-written line as a plain string among the
 * structured messages (the document allows all of one kind or all of the other), or a message whose
 * timestamp is not a date-time string.
 */
function airflow3Corrections(spec: Json): void {
  const schemas = (spec.components as Json).schemas as Json;
  const log = schemas.TaskInstancesLogResponse as { properties: Record<string, Json> };
  log.properties.content = { type: 'array', items: { anyOf: [{ $ref: '#/components/schemas/StructuredLogMessage' }, { type: 'string' }] } };
  const message = schemas.StructuredLogMessage as { properties: Record<string, Json> };
  // What Airflow parsed of a half-written record: not always a string (a null was seen in CI).
  message.properties.timestamp = {};
}

/**
 * The UI API's routes leave null fields out of their answers (FastAPI's response_model_exclude_none),
 * while its document lists them as required: a field that may be null may also be absent.
 */
function airflow3UiCorrections(spec: Json): void {
  for (const schema of Object.values((spec.components as Json).schemas as Record<string, { required?: string[]; properties?: Record<string, Json> }>)) {
    if (!schema.required || !schema.properties) continue;
    const properties = schema.properties;
    schema.required = schema.required.filter((name) => !mayBeNull(properties[name]));
  }
}

const mayBeNull = (schema: Json | undefined): boolean => Array.isArray(schema?.anyOf) && (schema.anyOf as Json[]).some((each) => each.type === 'null');

async function served(running: Running, documentPath: string, covers: (p: string) => boolean, base: string, corrections?: (spec: Json) => void): Promise<Document> {
  const response = await fetch(running.url + documentPath);
  if (!response.ok) throw new Error(`${running.name} answered ${response.status} to GET ${documentPath}`);
  const file = path.join(await mkdtemp(path.join(tmpdir(), 'console-openapi-')), path.basename(documentPath));
  writeFileSync(file, await response.text());
  return { covers, base, contract: loadOpenApi(file, `${running.name}${documentPath}`, corrections) };
}

function sitePackages(venv: string): string {
  const python = readdirSync(path.join(venv, 'lib')).find((name) => name.startsWith('python'));
  if (!python) throw new Error(`no lib/python* in ${venv}`);
  return path.join(venv, 'lib', python, 'site-packages');
}

/** Why the call or its answer does not match its document; null when both do. */
function problemWith(documents: readonly Document[], exchange: Exchange): string | null {
  const what = `${exchange.method} ${exchange.path}${exchange.query.size ? `?${exchange.query}` : ''} → ${exchange.status}`;
  const document = documents.find((each) => each.covers(exchange.path));
  if (!document) return `${what}: no OpenAPI document of this Airflow describes it`;
  const method = exchange.method.toLowerCase() as Method;
  try {
    const template = document.contract.expectRequest({ method, path: exchange.path.slice(document.base.length), query: exchange.query, body: jsonOf(exchange.requestType, exchange.requestBody) });
    if (isJson(exchange.responseType) && document.contract.hasResponse(template, method, exchange.status)) {
      document.contract.expectResponse(template, method, exchange.status, JSON.parse(exchange.responseBody.toString('utf8')));
    }
    return null;
  } catch (error) {
    return `${what}: ${error instanceof Error ? error.message : String(error)}`;
  }
}

const isJson = (type: string | null) => type !== null && /^application\/(problem\+)?json\b/.test(type);

function jsonOf(type: string | null, body: Buffer): unknown {
  if (body.length === 0) return undefined;
  return isJson(type) ? JSON.parse(body.toString('utf8')) : body.toString('utf8');
}

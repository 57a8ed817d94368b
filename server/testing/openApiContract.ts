import path from 'node:path';
import { loadOpenApi, type Json, type OpenApiContract } from './openapi';

export type { Json, Method } from './openapi';

/** What the route tests check their answers with (each API wraps it with its spec and corrections). */
export type Contract = Pick<OpenApiContract, 'expectResponse' | 'expectSchema' | 'hasResponse'>;

/**
 * Checks that pass without looking: without ../shared/contracts the route tests still test the
 * routes, only their conformance checks are skipped (the global setup says so once).
 */
const SKIPPED: Contract = { expectResponse() {}, expectSchema() {}, hasResponse: () => true };

/** The contract in `specFile` with the API's corrections; the skipping one when the file is not there (null). */
export async function loadOpenApiContract(specFile: string | null, applyCorrections?: (spec: Json) => void): Promise<Contract> {
  return specFile === null ? SKIPPED : loadOpenApi(specFile, path.basename(specFile), applyCorrections);
}

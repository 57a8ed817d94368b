import { existsSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../paths';

/**
 * The public API contracts (Superset, Airflow, Jupyter, nbformat) are not part of the project:
 * tests read them from ../shared/contracts beside the clone, which CI always has. Elsewhere the
 * checks against them are skipped and vitest's global setup says so in one line.
 */
export const SHARED_CONTRACTS_DIR = path.resolve(REPO_ROOT, '..', 'shared', 'contracts');

/** For describe.skipIf: false on a machine without ../shared/contracts. */
export function sharedContractsPresent(dir: string = SHARED_CONTRACTS_DIR): boolean {
  return existsSync(dir);
}

/**
 * The path of a public contract file; null when the folder is absent (its checks are skipped).
 * A file missing from a folder that is there is an error its reader reports.
 */
export function sharedContract(file: string, dir: string = SHARED_CONTRACTS_DIR): string | null {
  return sharedContractsPresent(dir) ? path.join(dir, file) : null;
}

/** The line that explains the skipped contract checks, or null when the folder is there. */
export function skippedContractsNotice(dir: string = SHARED_CONTRACTS_DIR): string | null {
  if (sharedContractsPresent(dir)) return null;
  return `Contract checks skipped: ${dir} not found (clone the repo next to shared/ to run them).`;
}

import { badRequest, conflict } from './errors';
import type { WorkspaceFile } from './model';

/** Conditional-request headers of a write, parsed. */
export interface Preconditions {
  /** If-Match: '*' (must exist) or the versions the client last saw. */
  ifMatch?: '*' | string[];
  /** If-None-Match: * (create only). */
  ifNoneMatch?: '*';
}

export const CHANGED = 'The file changed on the server';
export const GONE = 'The file no longer exists on the server';

/** ETag value for a version (RFC 9110 entity tags are quoted). */
export function etagOf(version: string): string {
  return `"${version}"`;
}

/** Accepts bare or quoted versions, weak tags and comma-separated lists. */
export function parsePreconditions(ifMatch: unknown, ifNoneMatch: unknown): Preconditions {
  const result: Preconditions = {};
  if (typeof ifMatch === 'string' && ifMatch.trim() !== '') {
    result.ifMatch = ifMatch.trim() === '*' ? '*' : parseTags(ifMatch);
  }
  if (typeof ifNoneMatch === 'string' && ifNoneMatch.trim() !== '') {
    if (ifNoneMatch.trim() !== '*') throw badRequest('If-None-Match supports only *');
    result.ifNoneMatch = '*';
  }
  return result;
}

function parseTags(header: string): string[] {
  return header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, '').replace(/^"(.*)"$/, '$1'))
    .filter((tag) => tag !== '');
}

/**
 * Throws 409 with the current item when the client's view is stale: If-Match names another
 * version (or the item is gone), or If-None-Match: * finds an item already there.
 */
export function checkPreconditions(path: string, current: WorkspaceFile | null, conditions: Preconditions): void {
  if (conditions.ifNoneMatch && current) throw conflict(`${path} already exists`, current);
  if (!conditions.ifMatch) return;
  if (!current) throw conflict(GONE, null);
  if (conditions.ifMatch !== '*' && !conditions.ifMatch.includes(current.version)) throw conflict(CHANGED, current);
}

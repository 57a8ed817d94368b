import { lstat, realpath } from 'node:fs/promises';
import path from 'node:path';
import { MAX_NAME_BYTES, nameProblem, normalizeName, percentDecoded } from '../../contracts/names';
import { badRequest } from './errors';

export { MAX_NAME_BYTES };
export const OUTSIDE = 'Path is outside the workspace';
export const MAX_PATH_LENGTH = 1024;
export const NOTEBOOK_EXTENSION = '.ipynb';

const DRIVE_LETTER = /^[A-Za-z]:/;

/**
 * Checks a client-supplied workspace path and returns its NFC form (so "é" typed two ways is
 * one name): relative, POSIX, no leading or trailing slash ("reports/q1.ipynb"). Anything
 * that could name a place outside the root, a hidden/reserved entry, or a name the shared rule
 * refuses (contracts/names.ts) is a 400 with a specific message.
 */
export function parseWorkspacePath(raw: string): string {
  if (raw.length === 0) throw badRequest('Path is empty');
  if (raw.length > MAX_PATH_LENGTH) throw badRequest(`Path is longer than ${MAX_PATH_LENGTH} characters`);
  if (hasControlChars(raw)) throw badRequest('Path contains control characters');
  if (raw.includes('\\')) throw badRequest('Path must use / as the separator');
  if (raw.startsWith('/') || DRIVE_LETTER.test(raw)) throw badRequest(OUTSIDE);
  if (raw.endsWith('/')) throw badRequest('Path must not end with /');
  const normal = normalizeName(raw);
  for (const segment of normal.split('/')) checkSegment(segment);
  return normal;
}

/**
 * True when the API would accept the path as it is (items on disk that fail are not listed,
 * names not in NFC included: the API would look for their NFC form).
 */
export function isWorkspacePath(raw: string): boolean {
  try {
    return parseWorkspacePath(raw) === raw;
  } catch {
    return false;
  }
}

function checkSegment(segment: string): void {
  if (segment === '') throw badRequest('Path contains an empty segment (//)');
  // A percent-encoded '..' is harmless on disk but turns into one if a URL ever decodes it.
  for (const form of new Set([segment, percentDecoded(segment)])) {
    if (form === '..' || form.includes('/') || form.includes('\\')) throw badRequest(OUTSIDE);
    if (form === '.') throw badRequest('Path must not contain . segments');
  }
  const problem = nameProblem(segment);
  if (problem) throw badRequest(problem);
}

/** C0 controls (NUL included), DEL and C1 controls: never part of a name people type. */
function hasControlChars(text: string): boolean {
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code < 0x20 || (code >= 0x7f && code <= 0x9f)) return true;
  }
  return false;
}

export function isNotebookPath(relative: string): boolean {
  return relative.endsWith(NOTEBOOK_EXTENSION);
}

/** "a/b/c.ipynb" → "a/b"; top-level items → "" (the root). */
export function parentOf(relative: string): string {
  const slash = relative.lastIndexOf('/');
  return slash === -1 ? '' : relative.slice(0, slash);
}

export function nameOf(relative: string): string {
  return relative.slice(relative.lastIndexOf('/') + 1);
}

/** True when `relative` is `ancestor` itself or lies under it. */
export function isWithin(relative: string, ancestor: string): boolean {
  return relative === ancestor || relative.startsWith(`${ancestor}/`);
}

/**
 * Absolute location of a checked relative path under `root` (itself a real path). Symlinks
 * may point within the root but never out of it: the nearest existing ancestor, and the
 * target when it exists, must resolve inside. A dangling symlink is refused, because
 * creating through it would write wherever it points.
 */
export async function confine(root: string, relative: string): Promise<string> {
  const absolute = path.join(root, ...relative.split('/'));
  let existing = absolute;
  while (!(await exists(existing))) existing = path.dirname(existing);
  let real: string;
  try {
    real = await realpath(existing);
  } catch {
    throw badRequest(OUTSIDE);
  }
  if (real !== root && !real.startsWith(root + path.sep)) throw badRequest(OUTSIDE);
  return absolute;
}

async function exists(absolute: string): Promise<boolean> {
  try {
    await lstat(absolute);
    return true;
  } catch {
    return false;
  }
}

/**
 * Which requests are saves: writes the service worker queues when the network is down and
 * replays in order later. Everything else passes straight through.
 */

export const SAVE_METHODS: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Path prefixes of saves: workspace writes (files, folders, renames, deletes) and saved queries. */
export const SAVE_PATH_PREFIXES: readonly string[] = ['/api/notebook/', '/api/bi/v1/saved_query'];

/**
 * Writes under those prefixes that are not saves. Running code is not something to replay
 * minutes later behind the user's back, so it fails offline like any other call.
 */
export const NOT_SAVE_PATHS: readonly string[] = ['/api/notebook/run-code'];

const startsWithAny = (path: string, prefixes: readonly string[]) => prefixes.some((prefix) => path.startsWith(prefix));

/** True for a same-origin write to a save path. `origin` is the service worker's own origin. */
export function isSaveRequest(request: { method: string; url: string }, origin: string): boolean {
  if (!SAVE_METHODS.has(request.method.toUpperCase())) return false;
  const url = new URL(request.url);
  if (url.origin !== origin) return false;
  return startsWithAny(url.pathname, SAVE_PATH_PREFIXES) && !startsWithAny(url.pathname, NOT_SAVE_PATHS);
}

/** Which GETs the service worker answers itself (besides precached files). */

/**
 * Navigations that are not the app: the server answers them (APIs, runtime config, health).
 * NavigationRoute tests these against pathname + search.
 */
export const NOT_APP_NAVIGATIONS: readonly RegExp[] = [/^\/api(?:[/?]|$)/, /^\/config\.json(?:\?|$)/, /^\/healthz(?:\?|$)/];

/** Every other navigation opens the app shell, so client routes work offline after one visit. */
export function isAppNavigation(url: URL): boolean {
  const pathAndQuery = url.pathname + url.search;
  return !NOT_APP_NAVIGATIONS.some((pattern) => pattern.test(pathAndQuery));
}

/** The runtime config: network first (it can change with a deploy), the last copy when offline. */
export const CONFIG_PATH = '/config.json';
export const CONFIG_CACHE = 'console-config';
export const CONFIG_NETWORK_TIMEOUT_SECONDS = 3;

export function isConfigRequest(request: { method: string; url: string }, origin: string): boolean {
  const url = new URL(request.url);
  return request.method === 'GET' && url.origin === origin && url.pathname === CONFIG_PATH;
}

/**
 * Caches the runtime config at install: the page fetched it before this worker controlled the
 * page, so without this the first offline boot would find no copy. Best effort.
 */
export async function warmConfigCache(deps: { caches: CacheStorage; fetch: (request: Request) => Promise<Response>; origin: string }) {
  try {
    const request = new Request(new URL(CONFIG_PATH, deps.origin));
    const response = await deps.fetch(request);
    if (response.status !== 200) return false;
    await (await deps.caches.open(CONFIG_CACHE)).put(request, response);
    return true;
  } catch {
    return false;
  }
}

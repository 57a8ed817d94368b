/** The JSON an HTTP health endpoint answers, or null when it does not answer 2xx within 5 s. */
export async function healthOf(url: string): Promise<unknown> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(5_000) });
    return response.ok ? await response.json() : null;
  } catch {
    return null;
  }
}

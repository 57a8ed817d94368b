/**
 * Why a kernel or notebook-server call failed, in the words the seed's toasts use. Pure and free of
 * HTTP types, so the machines (which never import src/sync/api) and the API client share it.
 */

export const UNKNOWN_REASON = 'Unknown error occurred';

/** A failure's answer body: a KernelApiError's `body`, else an axios-style `response.data`. */
function answerOf(error: unknown): unknown {
  if (!error || typeof error !== 'object') return undefined;
  const e = error as { body?: unknown; response?: { data?: unknown } };
  return e.body ?? e.response?.data;
}

const text = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() !== '' ? value : undefined);

/** The response's `error`, else its `message`, else 'Unknown error occurred'. */
export function serverErrorReason(error: unknown): string {
  const answer = answerOf(error);
  if (!answer || typeof answer !== 'object') return UNKNOWN_REASON;
  const { error: reason, message } = answer as { error?: unknown; message?: unknown };
  return text(reason) ?? text(message) ?? UNKNOWN_REASON;
}

/**
 * Whether a failed call never reached a working kernel host: no answer at all (offline, server
 * down; `status` null or absent), a gateway error, or a host that says it cannot serve (503).
 */
export function isUnreachable(error: unknown): boolean {
  const status = error && typeof error === 'object' ? (error as { status?: unknown }).status : undefined;
  return typeof status !== 'number' || [502, 503, 504].includes(status);
}

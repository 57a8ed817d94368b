/**
 * The HTTP methods that change state, spelled as on the wire (upper case): they need an allowed
 * origin and the BI CSRF token, may carry an Idempotency-Key, and are the ones a batch may hold.
 */
export const MUTATING_METHODS: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Whether `method` (upper case, as servers see it) changes state. */
export function isMutatingMethod(method: string): boolean {
  return MUTATING_METHODS.has(method);
}

/**
 * The HTTP methods that change state on the server: the ones that need a CSRF token, an
 * Idempotency-Key and an allowed Origin, and the only ones a batch may carry.
 */
export const MUTATING_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE'] as const;

export type MutatingMethod = (typeof MUTATING_METHODS)[number];

/** Case-insensitive, as axios lower-cases its methods and Node upper-cases them. */
export function isMutatingMethod(method: string | undefined): method is MutatingMethod {
  return (MUTATING_METHODS as readonly string[]).includes((method ?? 'GET').toUpperCase());
}

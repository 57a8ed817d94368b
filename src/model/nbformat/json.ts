import type { Json, JsonObject } from './types';

/** A JSON object (not null, not a list). */
export function isObject(value: Json | undefined): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

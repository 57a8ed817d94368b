import { humanBytes } from './units';

/** The import limit as the page states it. */
export function limitText(maxBytes: number): string {
  return `Up to ${humanBytes(maxBytes)} per file`;
}

/**
 * Quoting for the few places where a name or our own constant must be part of the SQL text
 * (identifiers and ATTACH paths cannot be bound as parameters). User values are always bound.
 */

/** A double-quoted identifier: `my "table"` → `"my ""table"""`. */
export function identifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** Dotted identifiers, each quoted: qualified('lakehouse', 'gaming') → `"lakehouse"."gaming"`. */
export function qualified(...names: string[]): string {
  return names.map(identifier).join('.');
}

/** A single-quoted string literal. */
export function literal(text: string): string {
  return `'${text.replaceAll("'", "''")}'`;
}

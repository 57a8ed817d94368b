import type { Json } from './types';

/** nbformat 4.5: a cell id is 1–64 letters, digits, '-' or '_'. */
const CELL_ID = /^[A-Za-z0-9_-]{1,64}$/;

export function isCellId(value: Json | undefined): value is string {
  return typeof value === 'string' && CELL_ID.test(value);
}

/** 8 random hex digits, as Jupyter makes them. */
export function randomCellId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(4));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

type WithId = { id?: Json };

/**
 * Every cell gets a valid id unique in the notebook: a valid id is kept the first time it is seen;
 * a missing, invalid or repeated one is replaced by a new id that no other cell has.
 */
export function assignCellIds<T extends WithId>(cells: T[], newCellId: () => string): { cells: (T & { id: string })[]; counts: IdRepairs } {
  const taken = new Set(cells.map((c) => c.id).filter(isCellId));
  const used = new Set<string>();
  const counts: IdRepairs = { missing: 0, invalid: 0, duplicate: 0 };
  const fresh = (): string => {
    let id = newCellId();
    while (taken.has(id) || used.has(id) || !isCellId(id)) id = newCellId();
    return id;
  };
  const out = cells.map((cell) => {
    const { id } = cell;
    let kept: string | null = isCellId(id) && !used.has(id) ? id : null;
    if (kept === null) counts[id === undefined ? 'missing' : isCellId(id) ? 'duplicate' : 'invalid']++;
    kept ??= fresh();
    used.add(kept);
    return { ...cell, id: kept };
  });
  return { cells: out, counts };
}

export type IdRepairs = { missing: number; invalid: number; duplicate: number };

/** The warnings that say which ids were repaired (ids missing before 4.5 are expected, not warned). */
export function idWarnings(counts: IdRepairs, warnMissing: boolean): string[] {
  const plural = (n: number, what: string) => `${n} cell${n === 1 ? '' : 's'} ${what}`;
  const warnings: string[] = [];
  if (warnMissing && counts.missing > 0) warnings.push(`${plural(counts.missing, 'had no id')}: new ids were added.`);
  if (counts.invalid > 0) warnings.push(`${plural(counts.invalid, 'had an invalid id')}: new ids were given.`);
  if (counts.duplicate > 0) warnings.push(`${plural(counts.duplicate, 'repeated an id')}: new ids were given.`);
  return warnings;
}

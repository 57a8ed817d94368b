import { SEARCH_GROUPS, type SearchTarget } from './searchTargets';

/**
 * Ctrl+K's ranking, the same for every kind of entry, so a DAG named orders_incremental comes
 * before a menu entry that only holds "o", "r", "d" somewhere (cmdk's fuzzy score let it win).
 * Tiers: the name equals the text > starts with it > a word of it does > holds it > the text
 * is found elsewhere (id, keywords; every word of it) > the name abbreviates it; 0 hides.
 */
const TIERS = { exact: 1, prefix: 0.8, wordPrefix: 0.6, substring: 0.4, elsewhere: 0.2, abbreviation: 0.1 } as const;

/** A word starts at i: the name's start, after a separator (space _ - . / :), or a camelCase hump. */
function startsWord(name: string, i: number): boolean {
  if (i === 0) return true;
  const before = name[i - 1]!;
  return !/[\p{L}\p{N}]/u.test(before) || (/\p{Ll}/u.test(before) && /\p{Lu}/u.test(name[i]!));
}

function nameTier(name: string, needle: string): number {
  const lower = name.toLowerCase();
  if (lower === needle) return TIERS.exact;
  if (lower.startsWith(needle)) return TIERS.prefix;
  let found = false;
  for (let i = lower.indexOf(needle); i >= 0; i = lower.indexOf(needle, i + 1)) {
    if (startsWord(name, i)) return TIERS.wordPrefix;
    found = true;
  }
  return found ? TIERS.substring : 0;
}

/** The name holds the text's letters in order ("sqle" → SQL Editor). */
function abbreviates(name: string, needle: string): boolean {
  let at = 0;
  for (const char of name.toLowerCase()) if (char === needle[at]) at += 1;
  return at === needle.length;
}

/** How well an entry matches the text, in (0, 1.05]; 0 when it does not. Shorter names win within a tier. */
export function paletteScore(name: string, search: string, elsewhere: readonly string[] = []): number {
  const needle = search.trim().toLowerCase();
  if (needle === '') return 1;
  const all = [name, ...elsewhere].join('\n').toLowerCase();
  const tier =
    nameTier(name, needle) ||
    (needle.split(/\s+/).every((word) => all.includes(word)) ? TIERS.elsewhere : 0) ||
    (abbreviates(name, needle.replace(/\s+/g, '')) ? TIERS.abbreviation : 0);
  return tier === 0 ? 0 : tier + 0.05 * (1 - Math.min(name.length, 100) / 100);
}

export interface RankedGroup {
  group: SearchTarget['group'];
  targets: SearchTarget[];
}

/** The matching targets, best first within their group, and the groups by their best target (ties keep their order). */
export function rankTargets(targets: readonly SearchTarget[], search: string): RankedGroup[] {
  const scored = targets
    .map((target) => ({ target, score: paletteScore(target.label, search, [target.id, ...target.keywords]) }))
    .filter(({ score }) => score > 0)
    .sort((a, b) => b.score - a.score);
  const groups = SEARCH_GROUPS.map((group) => ({ group, list: scored.filter((s) => s.target.group === group) })).filter(({ list }) => list.length > 0);
  return groups
    .sort((a, b) => b.list[0]!.score - a.list[0]!.score)
    .map(({ group, list }) => ({ group, targets: list.map(({ target }) => target) }));
}

import diff from 'fast-diff';

/** One replacement in a text: `from`–`to` (positions in the text it applies to) becomes `insert`. */
export interface TextChange {
  from: number;
  to: number;
  insert: string;
}

/** The changes that turn `before` into `after` (fast-diff trims the common ends first: a small edit of a long text stays cheap). */
export function textChanges(before: string, after: string): TextChange[] {
  if (before === after) return [];
  const changes: TextChange[] = [];
  let at = 0;
  for (const [kind, text] of diff(before, after)) {
    if (kind === diff.EQUAL) {
      at += text.length;
      continue;
    }
    const last = changes.at(-1);
    // A delete and the insert after it are one replacement.
    const change = last && last.to === at ? last : { from: at, to: at, insert: '' };
    if (change !== last) changes.push(change);
    if (kind === diff.DELETE) {
      change.to += text.length;
      at += text.length;
    } else change.insert += text;
  }
  return changes;
}

/** `changes` (ascending, none overlapping another) applied to `text`; a change past the end is clamped to it. */
export function applyChanges(text: string, changes: readonly TextChange[]): string {
  let result = '';
  let at = 0;
  for (const { from, to, insert } of changes) {
    const start = Math.min(Math.max(from, at), text.length);
    result += text.slice(at, start) + insert;
    at = Math.min(Math.max(to, start), text.length);
  }
  return result + text.slice(at);
}

/** What undoes `changes` on the text they produce from `text`. */
export function invertChanges(text: string, changes: readonly TextChange[]): TextChange[] {
  let shift = 0;
  return changes.map(({ from, to, insert }) => {
    const inverse = { from: from + shift, to: from + shift + insert.length, insert: text.slice(from, to) };
    shift += insert.length - (to - from);
    return inverse;
  });
}

/** A cell's text as typed in one editor, and the document's text of the cell it was typed from. */
export interface Typed {
  base: string;
  text: string;
}

type Sided = TextChange & { ours: boolean };

/**
 * Both sides' edits of `base`, as text operations: what `ours` changed and what `theirs` changed,
 * each applied where it was made. Edits of different places both stay (one tab typing at the start
 * of a cell, another at its end); edits of the same characters are a true conflict: the range goes
 * and both sides' inserted text stays, theirs first, so no one's typing is lost.
 */
export function mergeText(base: string, ours: string, theirs: string): string {
  if (ours === base || ours === theirs) return theirs;
  if (theirs === base) return ours;
  const sided: Sided[] = [...textChanges(base, theirs).map((c) => ({ ...c, ours: false })), ...textChanges(base, ours).map((c) => ({ ...c, ours: true }))];
  // By position; at one position inserts first (theirs before ours), then the replacement there.
  sided.sort((a, b) => a.from - b.from || Number(a.to > a.from) - Number(b.to > b.from) || Number(a.ours) - Number(b.ours));
  const merged: TextChange[] = [];
  for (const change of sided) {
    const last = merged.at(-1);
    if (last && change.from < last.to) {
      // Overlapping: one range, both inserts.
      last.to = Math.max(last.to, change.to);
      last.insert += change.insert;
    } else merged.push({ from: change.from, to: change.to, insert: change.insert });
  }
  return applyChanges(base, merged);
}

/**
 * Which cells are selected: the active one (the cursor, where keys act) and the others of a
 * range or Ctrl/Cmd+clicks. Pure; ids only, so the list can change under it.
 */
export interface Selection {
  active: string | null;
  /** Where Shift+Arrow ranges start. */
  anchor: string | null;
  selected: readonly string[];
}

export const NO_SELECTION: Selection = { active: null, anchor: null, selected: [] };

/** A plain click: that cell alone. */
export function selectOne(id: string): Selection {
  return { active: id, anchor: id, selected: [id] };
}

/** Ctrl/Cmd+click: the cell joins or leaves the selection (the last one left stays selected). */
export function toggle(selection: Selection, id: string): Selection {
  if (!selection.selected.includes(id)) return { active: id, anchor: id, selected: [...selection.selected, id] };
  const rest = selection.selected.filter((other) => other !== id);
  if (rest.length === 0) return selection;
  return { ...selection, active: rest[rest.length - 1], anchor: rest[rest.length - 1], selected: rest };
}

/** Arrow up/down: the neighbour alone (stays put at either end). */
export function step(selection: Selection, order: readonly string[], by: -1 | 1): Selection {
  const at = selection.active === null ? -1 : order.indexOf(selection.active);
  const next = order[Math.min(order.length - 1, Math.max(0, at + by))];
  return next === undefined ? selection : selectOne(next);
}

/** Shift+Arrow: the active cell moves, and everything from the anchor to it is selected. */
export function extend(selection: Selection, order: readonly string[], by: -1 | 1): Selection {
  const anchor = selection.anchor ?? selection.active;
  if (anchor === null) return step(selection, order, by);
  const at = selection.active === null ? order.indexOf(anchor) : order.indexOf(selection.active);
  const to = Math.min(order.length - 1, Math.max(0, at + by));
  const from = order.indexOf(anchor);
  const [low, high] = from <= to ? [from, to] : [to, from];
  return { active: order[to], anchor, selected: order.slice(low, high + 1) };
}

/**
 * The selection kept to cells that exist. A chosen cell not in the list (yet: a cell just inserted
 * that the live document does not show yet) leaves no cell active rather than another one, which
 * would take the keyboard for the keys meant for the new cell.
 */
export function within(selection: Selection, order: readonly string[]): Selection {
  const present = new Set(order);
  const selected = selection.selected.filter((id) => present.has(id));
  const active = selection.active !== null && present.has(selection.active) ? selection.active : null;
  if (active === selection.active && selected.length === selection.selected.length) return selection;
  return { active, anchor: active, selected };
}

/** The selected ids in notebook order. */
export function inOrder(selection: Selection, order: readonly string[]): string[] {
  const chosen = new Set(selection.selected);
  return order.filter((id) => chosen.has(id));
}

/**
 * After cells went (cut, delete, an undo or redo that took them): the selection kept where its
 * cells remain, else the cell that followed the active one, or the one before it when it was
 * last, as JupyterLab does, so the next key (D D, X, C) has a cell to act on.
 */
export function afterRemoval(selection: Selection, before: readonly string[], after: readonly string[]): Selection {
  const kept = within(selection, after);
  if (kept.active !== null || after.length === 0) return kept;
  const present = new Set(after);
  const from = before.indexOf(selection.active ?? '');
  const gone = new Set(selection.selected);
  const next = before.find((id, i) => i > from && present.has(id) && !gone.has(id)) ?? before.slice(0, Math.max(from, 0)).reverse().find((id) => present.has(id));
  return selectOne(next ?? after[0]);
}

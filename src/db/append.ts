import Dexie, { type Table } from 'dexie';
import type { ConsoleEvent } from '../model/events';
import { PROJECTIONS, type AnyProjection } from '../model/projections';
import type { ConsoleDb } from './schema';

/** How many events rebuildProjections() holds in memory at once. */
export const REBUILD_CHUNK = 5_000;

function projectionTables(db: ConsoleDb, projections: readonly AnyProjection[]): Table[] {
  return [...new Set(projections.map((p) => p.table))].map((name) => db.table(name));
}

function isConstraintError(error: unknown): boolean {
  return (error as { name?: unknown } | null)?.name === Dexie.errnames.Constraint;
}

/** Adds events to the log in one bulk write; the log assigns their seqs. A repeated id is a ConstraintError naming it. */
async function addEvents(db: ConsoleDb, events: readonly ConsoleEvent[]): Promise<ConsoleEvent[]> {
  const fields = events.map(({ seq: _ignored, ...rest }) => rest);
  try {
    const seqs = await db.events.bulkAdd(fields as ConsoleEvent[], { allKeys: true });
    return fields.map((event, i) => ({ ...event, seq: seqs[i] }));
  } catch (error) {
    const failures = (error as { failuresByPos?: Record<number, unknown> }).failuresByPos ?? {};
    const [position, cause] = Object.entries(failures)[0] ?? [];
    if (position === undefined || !isConstraintError(cause)) throw error;
    throw new Dexie.ConstraintError(`Event ${events[Number(position)].id} is already in the event log`, cause as object);
  }
}

/**
 * Runs events (in seq order) through one projection: reads each touched row once, applies every
 * event to it in memory, then writes only the rows that changed. Each table has one projection.
 */
async function projectTable(
  table: Table,
  projection: AnyProjection,
  events: readonly ConsoleEvent[],
  known?: Map<string, unknown>,
): Promise<void> {
  const touches = events.flatMap((event) => {
    const key = projection.keyOf(event);
    return key === null ? [] : [{ key, event }];
  });
  if (touches.length === 0) return;
  const keys = [...new Set(touches.map((t) => t.key))];
  // A rebuild knows every row it wrote (the table started empty), so it skips reading them back.
  const before: unknown[] = known ? keys.map((key) => known.get(key)) : await table.bulkGet(keys);
  const rows = new Map(keys.map((key, i) => [key, before[i]]));
  for (const { key, event } of touches) rows.set(key, projection.apply(rows.get(key), event));
  if (known) for (const [key, row] of rows) known.set(key, row);

  const puts: unknown[] = [];
  const deletes: string[] = [];
  keys.forEach((key, i) => {
    const after = rows.get(key);
    if (after === before[i]) return; // untouched (e.g. an ignored outcome): no write, no live-query wake-up
    if (after === undefined) deletes.push(key);
    else puts.push(after);
  });
  await table.bulkPut(puts);
  await table.bulkDelete(deletes);
}

async function project(
  db: ConsoleDb,
  projections: readonly AnyProjection[],
  events: readonly ConsoleEvent[],
  known?: Map<string, Map<string, unknown>>,
) {
  for (const projection of projections) {
    await projectTable(db.table(projection.table), projection, events, known?.get(projection.table));
  }
}

/**
 * The one write path of the event log: stores the events (assigning seq) and updates every
 * projection in a single transaction. If anything throws (a duplicate id, a projection bug) the
 * transaction aborts and nothing is stored. Returns the events as stored, with their seq.
 */
export function append(
  db: ConsoleDb,
  events: readonly ConsoleEvent[],
  projections: readonly AnyProjection[] = PROJECTIONS,
): Promise<ConsoleEvent[]> {
  return db.transaction('rw', [db.events, ...projectionTables(db, projections)], async () => {
    const stored = events.length === 0 ? [] : await addEvents(db, events);
    await project(db, projections, stored);
    return stored;
  });
}

/**
 * Empties the projection tables and replays the whole log into them in seq order, a chunk at a
 * time. One transaction, so no append can slip in between and readers never see a half-built table.
 * Returns how many events were replayed.
 */
export function rebuildProjections(
  db: ConsoleDb,
  projections: readonly AnyProjection[] = PROJECTIONS,
  chunkSize = REBUILD_CHUNK,
): Promise<number> {
  const tables = projectionTables(db, projections);
  return db.transaction('rw', [db.events, ...tables], async () => {
    for (const table of tables) await table.clear();
    const known = new Map(projections.map((p) => [p.table as string, new Map<string, unknown>()]));
    let lastSeq = 0;
    let replayed = 0;
    for (;;) {
      const chunk = await db.events.where('seq').above(lastSeq).limit(chunkSize).toArray();
      if (chunk.length === 0) return replayed;
      await project(db, projections, chunk, known);
      lastSeq = chunk[chunk.length - 1].seq as number; // the primary key: always set on a stored event
      replayed += chunk.length;
    }
  });
}

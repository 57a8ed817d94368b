import Dexie from 'dexie';
import { buildCatalogTree, childId, CHILD_TYPE, findNode, parseNodeId } from '../catalog/tree';
import type { CatalogCache, CatalogEditRow, CatalogNode, CatalogNodeId, CatalogNodeType } from '../catalog/types';
import { append } from './append';
import { CATALOG_AGGREGATE, isCatalogEvent, type ConsoleEvent, type EventBody } from './events';
import { newEvent, type Identity } from './identity';
import { PROJECTIONS } from './projections';
import { catalogInverse } from './projections/catalogInverse';
import type { ConsoleDb } from './schema';
import { redo, undo, undoState } from './undo';

export type CatalogRefusal =
  | 'invalid-name'
  | 'duplicate-name'
  | 'unknown-node'
  | 'invalid-parent'
  | 'invalid-owner'
  | 'invalid-description'
  | 'nothing-to-undo'
  | 'not-the-last-edit'
  | 'nothing-to-redo';

/**
 * What a command did. `events` is empty when there was nothing to change (the same name, owner or
 * description). A refusal carries the message the UI shows as it is.
 */
export type CatalogCommandResult =
  | { ok: true; nodeId: CatalogNodeId; events: ConsoleEvent[] }
  | { ok: false; reason: CatalogRefusal; message: string };

type Refusal = Extract<CatalogCommandResult, { ok: false }>;
type Decision = { nodeId: CatalogNodeId; events: EventBody<object>[] } | Refusal;

const refuse = (reason: CatalogRefusal, message: string): Refusal => ({ ok: false, reason, message });

// ---- Rules ------------------------------------------------------------------------------------

export const NAME_MAX_LENGTH = 128;
export const DESCRIPTION_MAX_LENGTH = 2000;
export const SYSTEM_OWNER = 'system';

export const EMPTY_NAME_MESSAGE = 'Enter a name.';
export const NAME_TOO_LONG_MESSAGE = `A name can be at most ${NAME_MAX_LENGTH} characters.`;
export const DESCRIPTION_TOO_LONG_MESSAGE = `A description can be at most ${DESCRIPTION_MAX_LENGTH} characters.`;
export const UNKNOWN_NODE_MESSAGE = 'This item is no longer in the catalog. It may have been deleted in another tab.';
export const NO_CHILDREN_MESSAGE = 'Columns cannot hold anything.';
export const SCHEMA_PARENT_MESSAGE = 'A schema can only be added to a catalog.';
export const NOTHING_TO_UNDO_MESSAGE = 'There is nothing to undo.';
export const NOTHING_TO_REDO_MESSAGE = 'There is nothing to redo.';
export const NOT_THE_LAST_EDIT_MESSAGE = 'Later changes came after this one. Undo those first (Ctrl+Z).';

/** The owners a node can have: a fixed list of the system user and the signed-in user. */
export function ownerChoices(email: string): readonly string[] {
  return [SYSTEM_OWNER, email];
}

/** A name as it will be kept (trimmed), or why it cannot be. '/' is fine: ids encode names. */
export function validateNodeName(input: string): { ok: true; name: string } | { ok: false; message: string } {
  const name = input.trim();
  if (name === '') return { ok: false, message: EMPTY_NAME_MESSAGE };
  if (name.length > NAME_MAX_LENGTH) return { ok: false, message: NAME_TOO_LONG_MESSAGE };
  return { ok: true, name };
}

export function duplicateNameMessage(type: CatalogNodeType, name: string, parent: CatalogNode | null): string {
  return parent ? `“${parent.name}” already has a ${type} named “${name}”.` : `There is already a catalog named “${name}”.`;
}

/** Why a name cannot go under this parent (null: a catalog), if it cannot: siblings differ ignoring case. */
function nameProblem(input: string, type: CatalogNodeType, parent: CatalogNode | null, siblings: readonly CatalogNode[], self?: CatalogNodeId): Refusal | string {
  const check = validateNodeName(input);
  if (!check.ok) return refuse('invalid-name', check.message);
  const lower = check.name.toLowerCase();
  const clash = siblings.some((node) => node.id !== self && node.name.toLowerCase() === lower);
  return clash ? refuse('duplicate-name', duplicateNameMessage(type, check.name, parent)) : check.name;
}

/** The first of `<base>`, `<base>~2`, `<base>~3`… no node and no edit row has (a deleted node keeps its id). */
function freeId(base: CatalogNodeId, taken: (id: CatalogNodeId) => boolean): CatalogNodeId {
  if (!taken(base)) return base;
  for (let n = 2; ; n++) if (!taken(`${base}~${n}`)) return `${base}~${n}`;
}

/** The tree as it is now (server cache + local edits), for a command to decide on. */
interface Now {
  roots: CatalogNode[];
  rows: ReadonlyMap<CatalogNodeId, CatalogEditRow>;
  node(id: CatalogNodeId): CatalogNode | undefined;
}

/** A new node under a parent (null: a catalog); its type follows from the parent's. */
function createChild(now: Now, parentId: CatalogNodeId | null, input: string, detail: string | null = null): Decision {
  const parent = parentId === null ? null : now.node(parentId);
  if (parent === undefined) return refuse('unknown-node', UNKNOWN_NODE_MESSAGE);
  const type = parent ? CHILD_TYPE[parent.type] : 'catalog';
  if (type === null) return refuse('invalid-parent', NO_CHILDREN_MESSAGE);
  const name = nameProblem(input, type, parent, parent ? parent.children : now.roots);
  if (typeof name !== 'string') return name;
  const id = freeId(childId(parentId, name), (taken) => now.rows.has(taken) || now.node(taken) !== undefined);
  return { nodeId: id, events: [{ type: 'CatalogNodeCreated', payload: { id, parentId, type, name, detail } }] };
}

function rename(now: Now, id: CatalogNodeId, input: string): Decision {
  const node = now.node(id);
  if (!node) return refuse('unknown-node', UNKNOWN_NODE_MESSAGE);
  const parent = node.parentId === null ? null : (now.node(node.parentId) ?? null);
  const name = nameProblem(input, node.type, parent, parent ? parent.children : now.roots, id);
  if (typeof name !== 'string') return name;
  return { nodeId: id, events: name === node.name ? [] : [{ type: 'CatalogNodeRenamed', payload: { id, name, from: node.name } }] };
}

/** An owner or a description: null clears the local value (the server's, if any, shows again). */
function setField(now: Now, id: CatalogNodeId, field: 'owner' | 'description', value: string | null): Decision {
  const node = now.node(id);
  if (!node) return refuse('unknown-node', UNKNOWN_NODE_MESSAGE);
  const from = now.rows.get(id)?.[field] ?? null;
  const unchanged = value === from || (from === null && value === node[field]);
  const type = field === 'owner' ? 'CatalogOwnerSet' : 'CatalogDescriptionSet';
  return { nodeId: id, events: unchanged ? [] : [{ type, payload: { id, [field]: value, from } }] };
}

// ---- Queries (read-only, for Dexie live queries) ------------------------------------------------

/** Every local edit: buildCatalogTree lays them over the cached server metadata. */
export function catalogEditRows(db: ConsoleDb): Promise<CatalogEditRow[]> {
  return db.catalogEdits.toArray();
}

function catalogHistory(db: ConsoleDb): Promise<ConsoleEvent[]> {
  return db.events.where('[aggregateId+seq]').between([CATALOG_AGGREGATE, Dexie.minKey], [CATALOG_AGGREGATE, Dexie.maxKey]).toArray();
}

/** A user action in words, for the undo and redo buttons' titles. */
export function describeCatalogEvent(event: ConsoleEvent): string {
  if (!isCatalogEvent(event)) return event.type;
  const shown = `“${parseNodeId(event.payload.id).at(-1) ?? event.payload.id}”`;
  switch (event.type) {
    case 'CatalogNodeCreated':
      return `Add ${event.payload.type} “${event.payload.name}”`;
    case 'CatalogNodeRenamed':
      return `Rename “${event.payload.from}” to “${event.payload.name}”`;
    case 'CatalogNodeDeleted':
      return `Delete ${shown}`;
    case 'CatalogNodeRestored':
      return `Restore ${shown}`;
    case 'CatalogOwnerSet':
      return `Set the owner of ${shown}`;
    case 'CatalogDescriptionSet':
      return `Edit the description of ${shown}`;
  }
}

export interface CatalogUndoState {
  canUndo: boolean;
  canRedo: boolean;
  /** What undo / redo would do, in words (null when nothing). */
  undoLabel: string | null;
  redoLabel: string | null;
}

/** Whether the catalog has an edit to undo and one to redo (one stack for the whole catalog, across tabs). */
export async function catalogUndoState(db: ConsoleDb): Promise<CatalogUndoState> {
  const { undoable, redoable } = undoState(await catalogHistory(db), catalogInverse);
  return {
    canUndo: undoable !== null,
    canRedo: redoable !== null,
    undoLabel: undoable && describeCatalogEvent(undoable),
    redoLabel: redoable && describeCatalogEvent(redoable),
  };
}

// ---- Commands ---------------------------------------------------------------------------------

export interface CatalogCommandDeps {
  db: ConsoleDb;
  identity: Identity;
  username: string;
  /** The signed-in user's email, an owner choice (the username stands in when the profile has none). */
  email?: string | null;
  /**
   * The server metadata as cached, which commands validate against together with the local
   * edits (read inside the command's transaction). The UI passes the cache it shows; readCache(db)
   * from src/sync/catalog.ts reads it from Dexie.
   */
  cache: () => CatalogCache | Promise<CatalogCache>;
}

/**
 * The user's local edits of the catalog, turned into events on the `catalog` aggregate. Each
 * command reads the current tree (cached server metadata + the edits), decides and appends in one
 * transaction, so two browser tabs cannot both add the same name.
 */
export function createCatalogCommands({ db, identity, username, email, cache }: CatalogCommandDeps) {
  const owners = ownerChoices(email || username);

  async function decide(rule: (now: Now) => Decision): Promise<CatalogCommandResult> {
    const server = await cache(); // before the transaction: IndexedDB commits one left waiting on other promises
    return db.transaction('rw', [db.events, ...PROJECTIONS.map((p) => db.table(p.table))], async () => {
      const edits = await db.catalogEdits.toArray();
      const roots = buildCatalogTree(server, edits);
      const now: Now = { roots, rows: new Map(edits.map((row) => [row.id, row])), node: (id) => findNode(roots, id) };
      const decision = rule(now);
      if ('ok' in decision) return decision;
      const events = decision.events.map((body) => newEvent(identity, { ...body, aggregateId: CATALOG_AGGREGATE }));
      return { ok: true as const, nodeId: decision.nodeId, events: await append(db, events) };
    });
  }

  const done = (event: ConsoleEvent): CatalogCommandResult => ({ ok: true, nodeId: (event.payload as { id: CatalogNodeId }).id, events: [event] });

  async function undoLast(only?: string): Promise<CatalogCommandResult> {
    const event = await undo(db, identity, CATALOG_AGGREGATE, catalogInverse, only);
    if (event) return done(event);
    const { canUndo } = await catalogUndoState(db);
    return only !== undefined && canUndo ? refuse('not-the-last-edit', NOT_THE_LAST_EDIT_MESSAGE) : refuse('nothing-to-undo', NOTHING_TO_UNDO_MESSAGE);
  }

  async function redoLast(): Promise<CatalogCommandResult> {
    const event = await redo(db, identity, CATALOG_AGGREGATE, catalogInverse);
    return event ? done(event) : refuse('nothing-to-redo', NOTHING_TO_REDO_MESSAGE);
  }

  return {
    ownerChoices: owners,
    createCatalog: (name: string) => decide((now) => createChild(now, null, name)),
    createSchema: (catalogId: CatalogNodeId, name: string) =>
      decide((now) => {
        const parent = now.node(catalogId);
        return parent && parent.type !== 'catalog' ? refuse('invalid-parent', SCHEMA_PARENT_MESSAGE) : createChild(now, catalogId, name);
      }),
    /** A schema under a catalog, a table under a schema or a column (with its type as `detail`, if given) under a table. */
    addChild: (parentId: CatalogNodeId, name: string, detail?: string | null) => decide((now) => createChild(now, parentId, name, detail)),
    rename: (id: CatalogNodeId, name: string) => decide((now) => rename(now, id, name)),
    /** Deletes the node and, with it, everything under it (a tombstone: undo brings it all back). */
    remove: (id: CatalogNodeId) => decide((now) => (now.node(id) ? { nodeId: id, events: [{ type: 'CatalogNodeDeleted', payload: { id } }] } : refuse('unknown-node', UNKNOWN_NODE_MESSAGE))),
    /** One of ownerChoices, or null to clear the local owner. */
    setOwner: (id: CatalogNodeId, owner: string | null) =>
      owner !== null && !owners.includes(owner)
        ? Promise.resolve(refuse('invalid-owner', `Choose the owner from the list: ${owners.join(' or ')}.`))
        : decide((now) => setField(now, id, 'owner', owner)),
    /** Trimmed; an empty text is kept (an explicit "no description"); null clears the local value. */
    setDescription: (id: CatalogNodeId, description: string | null) => {
      const text = description?.trim() ?? null;
      if (text !== null && text.length > DESCRIPTION_MAX_LENGTH) return Promise.resolve(refuse('invalid-description', DESCRIPTION_TOO_LONG_MESSAGE));
      return decide((now) => setField(now, id, 'description', text));
    },
    /** Undoes the last edit; with `eventId`, only when that edit is the event with this id (the delete toast's Undo). */
    undo: (eventId?: string) => undoLast(eventId),
    redo: () => redoLast(),
    undoState: () => catalogUndoState(db),
  };
}

export type CatalogCommands = ReturnType<typeof createCatalogCommands>;

import { buildCatalogTree, childId, CHILD_TYPE, findNode } from '../../model/catalog/tree';
import type { CatalogCache, CatalogEditRow, CatalogNode, CatalogNodeId, CatalogNodeType } from '../../model/catalog/types';
import { catalogUndoState } from '../../db/catalogEdits';
import { CATALOG_AGGREGATE, type EventBody } from '../../model/events';
import { catalogInverse } from '../../model/catalog/inverse';
import { announced, mutator, NOTHING_TO_REDO_MESSAGE, NOTHING_TO_UNDO_MESSAGE, refuse as refusal, undoable, type CommandContext, type Refusal, type Result } from '../core';

export { NOTHING_TO_REDO_MESSAGE, NOTHING_TO_UNDO_MESSAGE };

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
export type CatalogCommandResult = Result<{ nodeId: CatalogNodeId }>;

type Decision = { nodeId: CatalogNodeId; events: EventBody<object>[] } | Refusal;

const refuse = (reason: CatalogRefusal, message: string): Refusal => refusal(reason, message);

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

// ---- Commands ---------------------------------------------------------------------------------

export interface CatalogCommandDeps extends CommandContext {
  username: string;
  /** The signed-in user's email, an owner choice (the username stands in when the profile has none). */
  email?: string | null;
  /**
   * The server metadata as cached, which commands validate against together with the local
   * edits (read inside the command's transaction). The UI passes the cache it shows; readCache(db)
   * from src/db/catalogCache.ts reads it from Dexie.
   */
  cache: () => CatalogCache | Promise<CatalogCache>;
}

/**
 * The user's local edits of the catalog, turned into events on the `catalog` aggregate. Each
 * command reads the current tree (cached server metadata + the edits), decides and appends in one
 * transaction, so two browser tabs cannot both add the same name.
 */
export function createCatalogCommands(deps: CatalogCommandDeps) {
  const { db, username, email, cache } = deps;
  const owners = ownerChoices(email || username);
  const history = undoable(deps, CATALOG_AGGREGATE, catalogInverse);

  const decideOn = mutator(deps, async (server: CatalogCache, rule: (now: Now) => Decision) => {
    const edits = await db.catalogEdits.toArray();
    const roots = buildCatalogTree(server, edits);
    const decision = rule({ roots, rows: new Map(edits.map((row) => [row.id, row])), node: (id) => findNode(roots, id) });
    if ('ok' in decision) return decision;
    return { nodeId: decision.nodeId, events: decision.events.map((body) => ({ ...body, aggregateId: CATALOG_AGGREGATE })) };
  });
  // The cache is read before the transaction: IndexedDB commits one left waiting on other promises.
  const decide = async (rule: (now: Now) => Decision): Promise<CatalogCommandResult> => decideOn(await cache(), rule);

  const done = (result: Result): CatalogCommandResult =>
    result.ok ? { ...result, nodeId: (result.events[0]?.payload as { id: CatalogNodeId } | undefined)?.id ?? '' } : result;

  async function undoLast(only?: string): Promise<CatalogCommandResult> {
    const result = await history.undo(only);
    if (result.ok) return done(result);
    const { canUndo } = await catalogUndoState(db);
    return only !== undefined && canUndo ? refuse('not-the-last-edit', NOT_THE_LAST_EDIT_MESSAGE) : refuse('nothing-to-undo', NOTHING_TO_UNDO_MESSAGE);
  }

  async function redoLast(): Promise<CatalogCommandResult> {
    const result = await history.redo();
    return result.ok ? done(result) : refuse('nothing-to-redo', NOTHING_TO_REDO_MESSAGE);
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
    /** Deletes the node and, with it, everything under it (a tombstone: undo brings it all back); the toast's Undo undoes just this. */
    async remove(id: CatalogNodeId): Promise<CatalogCommandResult> {
      let node: CatalogNode | undefined;
      const result = await decide((now) => {
        node = now.node(id);
        return node ? { nodeId: id, events: [{ type: 'CatalogNodeDeleted', payload: node.created ? { id } : { id, hidden: true } }] } : refuse('unknown-node', UNKNOWN_NODE_MESSAGE);
      });
      const deleted = result.ok ? result.events[0] : undefined;
      if (deleted && node) {
        const message = node.created ? `Deleted ${node.type} “${node.name}”.` : `Hid ${node.type} “${node.name}” in this browser; the warehouse still has it.`;
        deps.notify({ kind: 'info', message, action: { label: 'Undo', onClick: () => void announced(deps, undoLast)(deleted.id) } });
      }
      return result;
    },
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
  };
}

export type CatalogCommands = ReturnType<typeof createCatalogCommands>;

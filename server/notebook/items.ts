import type { Queryable, SqlValue } from '../store/db';
import type { ItemRow, ItemType } from './model';

interface Row {
  id: string;
  path: string;
  type: ItemType;
  owner: string;
  created_at: bigint;
  updated_at: bigint;
  /** SQLite's 0 or 1. */
  is_favorite: number | boolean;
  is_deleted: number | boolean;
  deleted_at: bigint | null;
  trash_path: string | null;
  content_version: string | null;
  content_mtime: number | null;
  content_size: bigint | null;
}

const COLUMNS: Record<keyof ItemRow, string> = {
  id: 'id',
  path: 'path',
  type: 'type',
  owner: 'owner',
  createdAt: 'created_at',
  updatedAt: 'updated_at',
  isFavorite: 'is_favorite',
  isDeleted: 'is_deleted',
  deletedAt: 'deleted_at',
  trashPath: 'trash_path',
  contentVersion: 'content_version',
  contentMtime: 'content_mtime',
  contentSize: 'content_size',
};

const SELECT = `SELECT ${Object.values(COLUMNS).join(', ')} FROM workspace_items`;

/** workspace_items access. Every method takes the runner, so it works inside transactions. */
export const items = {
  async all(db: Queryable): Promise<ItemRow[]> {
    return (await db.all<Row>(`${SELECT} ORDER BY path, created_at`)).map(fromRow);
  },

  async live(db: Queryable, path: string): Promise<ItemRow | null> {
    const rows = await db.all<Row>(`${SELECT} WHERE path = $1 AND NOT is_deleted`, [path]);
    return rows.length > 0 ? fromRow(rows[0]) : null;
  },

  /** The deleted item at `path` (the given id, or the most recently deleted). */
  async deleted(db: Queryable, path: string, id?: string): Promise<ItemRow | null> {
    const byId = id === undefined ? '' : ' AND id = $2';
    const params = id === undefined ? [path] : [path, id];
    const rows = await db.all<Row>(`${SELECT} WHERE path = $1 AND is_deleted${byId} ORDER BY deleted_at DESC LIMIT 1`, params);
    return rows.length > 0 ? fromRow(rows[0]) : null;
  },

  async insert(db: Queryable, row: ItemRow): Promise<void> {
    const names = Object.keys(COLUMNS) as (keyof ItemRow)[];
    const placeholders = names.map((_, index) => `$${index + 1}`).join(', ');
    await db.run(`INSERT INTO workspace_items (${names.map((name) => COLUMNS[name]).join(', ')}) VALUES (${placeholders})`, names.map((name) => row[name]));
  },

  async update(db: Queryable, id: string, patch: Partial<Omit<ItemRow, 'id'>>): Promise<void> {
    const entries = Object.entries(patch) as [Exclude<keyof ItemRow, 'id'>, SqlValue][];
    if (entries.length === 0) return;
    const sets = entries.map(([name], index) => `${COLUMNS[name]} = $${index + 2}`).join(', ');
    await db.run(`UPDATE workspace_items SET ${sets} WHERE id = $1`, [id, ...entries.map(([, value]) => value)]);
  },

  async remove(db: Queryable, id: string): Promise<void> {
    await db.run('DELETE FROM workspace_items WHERE id = $1', [id]);
  },

  /** Live items strictly under a folder path. */
  async liveChildren(db: Queryable, folder: string): Promise<ItemRow[]> {
    return (await db.all<Row>(`${SELECT} WHERE NOT is_deleted AND starts_with(path, $1)`, [`${folder}/`])).map(fromRow);
  },

  /** Deleted items that went to the trash inside a deleted folder's trash entry. */
  async trashedWith(db: Queryable, trashPath: string): Promise<ItemRow[]> {
    return (await db.all<Row>(`${SELECT} WHERE is_deleted AND starts_with(trash_path, $1)`, [`${trashPath}/`])).map(fromRow);
  },
};

function fromRow(row: Row): ItemRow {
  return {
    id: row.id,
    path: row.path,
    type: row.type,
    owner: row.owner,
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
    isFavorite: Boolean(row.is_favorite),
    isDeleted: Boolean(row.is_deleted),
    deletedAt: row.deleted_at === null ? null : Number(row.deleted_at),
    trashPath: row.trash_path,
    contentVersion: row.content_version,
    contentMtime: row.content_mtime,
    contentSize: row.content_size === null ? null : Number(row.content_size),
  };
}

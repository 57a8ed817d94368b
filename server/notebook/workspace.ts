import { mkdir, realpath, rename } from 'node:fs/promises';
import path from 'node:path';
import { ulid } from 'ulid';
import type { Clock } from '../util/clock';
import type { Queryable, Store } from '../store/db';
import { auditLog } from './audit';
import { entryAt, type DiskEntry } from './disk';
import { notFound } from './errors';
import { FactsCache } from './facts';
import { items } from './items';
import type { ItemRow, WorkspaceFile } from './model';
import { confine } from './paths';
import { readOnlyStore } from './readView';
import { discardStaged, recoverStaged } from './staging';
import { rowForDisk, type RowChange } from './sync';

export const WORKSPACE_DIR = 'workspace';
export const TRASH_DIR = 'workspace-trash';

/** Who applied a write and through which route, for the audit log. */
export interface WriteContext {
  username: string;
  /** The Idempotency-Key of the request, if any. */
  key: string | null;
  method: string;
  route: string;
  /**
   * Runs last in the write's transaction with the item the write answers with; the routes
   * store the request's idempotent answer here, so the key commits with the write.
   */
  alsoInTransaction?: ((tx: Queryable, file: WorkspaceFile) => Promise<void>) | null;
}

/** A live item: where it is on disk and its (up-to-date) row. */
export interface Located {
  relative: string;
  absolute: string;
  row: ItemRow;
}

/**
 * The workspace folder and its metadata. Writes run one at a time (NotebookService's lock):
 * they check the disk, change it, then record the change, and must not interleave, or two
 * writers could both find a path free. Reads use forReading(), which needs no lock.
 */
export class Workspace {
  private constructor(
    /** Real path of <data>/workspace. */
    readonly root: string,
    /** Real path of <data>/workspace-trash, outside the root so no path can reach it. */
    readonly trashRoot: string,
    readonly store: Store,
    readonly clock: Clock,
    /** Notebook facts for GET /details, shared by the read view. */
    readonly facts: FactsCache,
  ) {}

  static async open(dataDir: string, store: Store, clock: Clock): Promise<Workspace> {
    const root = path.join(dataDir, WORKSPACE_DIR);
    const trash = path.join(dataDir, TRASH_DIR);
    await mkdir(root, { recursive: true });
    await mkdir(trash, { recursive: true, mode: 0o700 });
    const realRoot = await realpath(root);
    await recoverStaged(realRoot, store);
    return new Workspace(realRoot, await realpath(trash), store, clock, new FactsCache());
  }

  /**
   * The same workspace for reads outside the write lock: its store refuses changes (see
   * readView.ts). Files are replaced by rename, so a read never sees half of one.
   */
  forReading(): Workspace {
    return new Workspace(this.root, this.trashRoot, readOnlyStore(this.store), this.clock, this.facts);
  }

  newId(): string {
    return ulid(this.clock());
  }

  confine(relative: string): Promise<string> {
    return confine(this.root, relative);
  }

  /**
   * The live item at a path, or null. Brings its row in line with the disk on the way:
   * creates one for items copied in by hand, drops one whose item vanished. `rehash`
   * re-reads a notebook's content instead of trusting the cached version.
   */
  async find(relative: string, rehash = false): Promise<Located | null> {
    return (await this.locate(relative, rehash)).found;
  }

  /** find(), plus the confined absolute path, for a caller about to create the item there. */
  async locate(relative: string, rehash = false): Promise<{ absolute: string; found: Located | null }> {
    // The row does not depend on the disk, so the query runs while the disk is looked at.
    const [{ absolute, disk }, existing] = await Promise.all([this.onDisk(relative), items.live(this.store, relative)]);
    if (!disk) {
      if (existing) await items.remove(this.store, existing.id);
      return { absolute, found: null };
    }
    const change = await rowForDisk(existing, relative, absolute, disk, { newId: () => this.newId(), rehash });
    await applyRowChange(this.store, existing, change);
    return { absolute, found: { relative, absolute, row: change.row } };
  }

  private async onDisk(relative: string): Promise<{ absolute: string; disk: DiskEntry | null }> {
    const absolute = await this.confine(relative);
    return { absolute, disk: await entryAt(absolute) };
  }

  /** 404 unless the folder exists ("" is the root). */
  async requireFolder(relative: string): Promise<void> {
    if (relative === '') return;
    const disk = await entryAt(await this.confine(relative));
    if (disk?.type !== 'folder') throw notFound(`Folder not found: ${relative}`);
  }

  /**
   * Records the metadata of an applied write, its audit entry and whatever the context adds
   * (the idempotent answer) in one transaction. `file` is the written item as answered.
   */
  commit(context: WriteContext, file: WorkspaceFile, change: (tx: Queryable) => Promise<void>): Promise<void> {
    const { username, key, method, route } = context;
    return this.store.transaction(async (tx) => {
      await change(tx);
      await auditLog.append(tx, { username, key, method, route, path: file.path, status: 200, at: this.clock() });
      await context.alsoInTransaction?.(tx, file);
    });
  }

  /**
   * commit(), for an item staged beside `absolute` (see staging.ts), then puts it in place: it
   * appears only once recorded. A failed commit leaves nothing behind.
   */
  async commitStaged(staged: string, absolute: string, context: WriteContext, file: WorkspaceFile, change: (tx: Queryable) => Promise<void>) {
    try {
      await this.commit(context, file, change);
    } catch (error) {
      await discardStaged(staged);
      throw error;
    }
    await this.place(staged, absolute);
  }

  /** The last step of a staged write; if the process dies before it, recoverStaged does it. */
  async place(staged: string, absolute: string): Promise<void> {
    await rename(staged, absolute);
  }
}

export async function applyRowChange(db: Queryable, existing: ItemRow | null, change: RowChange): Promise<void> {
  const { row, action } = change;
  if (action === 'replace' && existing) await items.remove(db, existing.id);
  if (action === 'insert' || action === 'replace') await items.insert(db, row);
  if (action === 'update') {
    const { contentVersion, contentMtime, contentSize, updatedAt } = row;
    await items.update(db, row.id, { contentVersion, contentMtime, contentSize, updatedAt });
  }
}

import type { Breadcrumb, ItemDetails } from '../../contracts/workspace';
import type { Clock } from '../util/clock';
import type { Store } from '../store/db';
import { serial } from '../util/serial';
import { auditLog, type AuditEntry } from './audit';
import { breadcrumbs } from './breadcrumbs';
import { coalesced } from './coalesced';
import { itemDetails, searchFiles } from './details';
import { planExport, type ExportPlan } from './export';
import { listFiles, readNotebook, saveNotebook } from './files';
import { createFolder, setFavorite } from './folders';
import type { WorkspaceFile } from './model';
import { deleteItem, renameItem, restoreItem } from './moves';
import { parseWorkspacePath as checked } from './paths';
import type { Preconditions } from './preconditions';
import { NeedsLock } from './readView';
import { listTrash, purgeItem } from './trash';
import { uploadNotebook } from './upload';
import { Workspace, type WriteContext } from './workspace';

/**
 * The workspace file API in one place: every path is checked here (so no caller can skip it).
 * Writes run one at a time (see Workspace); reads wait for none of them (see unlocked()).
 */
export class NotebookService {
  /** The write lock: runs one write, or one read that must fix rows, at a time. */
  private readonly exclusive = serial();
  private readonly reading: Workspace;
  /**
   * Every caller gets a listing that looked at the disk after it asked, but concurrent callers
   * share one: those that arrive while a listing runs wait for the next one, which serves them
   * all (a scan per caller made 50 concurrent listings take 50 scans, one after another).
   */
  readonly list: () => Promise<WorkspaceFile[]>;

  private constructor(private readonly workspace: Workspace) {
    this.reading = workspace.forReading();
    this.list = coalesced(() => this.unlocked((view) => listFiles(view)));
  }

  /** Creates <data>/workspace and <data>/workspace-trash when missing. */
  static async open(dataDir: string, store: Store, clock: Clock): Promise<NotebookService> {
    return new NotebookService(await Workspace.open(dataDir, store, clock));
  }

  get root(): string {
    return this.workspace.root;
  }

  read(path: string): Promise<{ content: string; file: WorkspaceFile }> {
    const relative = checked(path);
    return this.unlocked((view) => readNotebook(view, relative));
  }

  /** "" (the root) is allowed here: the path bar of the root is the root alone. */
  breadcrumbs(path: string): Promise<Breadcrumb[]> {
    const relative = path === '' ? '' : checked(path);
    return this.unlocked((view) => breadcrumbs(view, relative));
  }

  /** What GET /export sends ("" is the whole workspace); the files are read as the answer streams. */
  exportPlan(path: string): Promise<ExportPlan> {
    const relative = path === '' ? '' : checked(path);
    return this.unlocked((view) => planExport(view, relative));
  }

  details(path: string): Promise<ItemDetails> {
    const relative = checked(path);
    return this.unlocked((view) => itemDetails(view, relative));
  }

  search(query: string, limit: number): Promise<WorkspaceFile[]> {
    return this.unlocked((view) => searchFiles(view, query, limit));
  }

  save(context: WriteContext, path: string, content: string, conditions: Preconditions): Promise<WorkspaceFile> {
    return this.run(() => saveNotebook(this.workspace, context, checked(path), content, conditions));
  }

  /** `folder` "" is the root. */
  upload(context: WriteContext, folder: string, filename: string, data: Buffer): Promise<WorkspaceFile> {
    const relative = folder === '' ? '' : checked(folder);
    return this.run(() => uploadNotebook(this.workspace, context, relative, filename, data));
  }

  createFolder(context: WriteContext, path: string): Promise<WorkspaceFile> {
    return this.run(() => createFolder(this.workspace, context, checked(path)));
  }

  rename(context: WriteContext, oldPath: string, newPath: string, conditions: Preconditions): Promise<WorkspaceFile> {
    return this.run(() => renameItem(this.workspace, context, checked(oldPath), checked(newPath), conditions));
  }

  delete(context: WriteContext, path: string, conditions: Preconditions): Promise<WorkspaceFile> {
    return this.run(() => deleteItem(this.workspace, context, checked(path), conditions));
  }

  restore(context: WriteContext, path: string, id?: string): Promise<WorkspaceFile> {
    return this.run(() => restoreItem(this.workspace, context, checked(path), id));
  }

  trash(): Promise<WorkspaceFile[]> {
    return this.unlocked((view) => listTrash(view));
  }

  purge(context: WriteContext, path: string, id?: string): Promise<WorkspaceFile> {
    return this.run(() => purgeItem(this.workspace, context, checked(path), id));
  }

  favorite(context: WriteContext, path: string, isFavorite: boolean): Promise<WorkspaceFile> {
    return this.run(() => setFavorite(this.workspace, context, checked(path), isFavorite));
  }

  audit(limit: number, offset: number): Promise<{ items: AuditEntry[]; count: number }> {
    return auditLog.page(this.workspace.store, limit, offset);
  }

  private run<T>(task: () => Promise<T>): Promise<T> {
    return this.exclusive(task);
  }

  /**
   * A read straight from the disk and the rows, waiting for no write: files are replaced by
   * rename and rows commit in transactions, so what it sees is whole. A read that finds the
   * two out of step (it would change a row: see readView.ts) runs again under the lock.
   */
  private async unlocked<T>(task: (workspace: Workspace) => Promise<T>): Promise<T> {
    try {
      return await task(this.reading);
    } catch (error) {
      if (!(error instanceof NeedsLock)) throw error;
      return this.run(() => task(this.workspace));
    }
  }
}

import type { Breadcrumb, ItemDetails } from '../../contracts/workspace';
import type { Clock } from '../auth/clock';
import type { Store } from '../store/db';
import { auditLog, type AuditEntry } from './audit';
import { breadcrumbs } from './breadcrumbs';
import { itemDetails, searchFiles } from './details';
import { planExport, type ExportPlan } from './export';
import { listFiles, readNotebook, saveNotebook } from './files';
import { createFolder, setFavorite } from './folders';
import type { WorkspaceFile } from './model';
import { deleteItem, renameItem, restoreItem } from './moves';
import { parseWorkspacePath as checked } from './paths';
import type { Preconditions } from './preconditions';
import { listTrash, purgeItem } from './trash';
import { uploadNotebook } from './upload';
import { Workspace, type WriteContext } from './workspace';

/**
 * The workspace file API in one place: every path is checked here (so no caller can skip
 * it) and every operation, reads included, runs exclusively (see Workspace).
 */
export class NotebookService {
  /** The listing queued behind the running operations, not started yet: new list() calls join it. */
  private nextListing: Promise<WorkspaceFile[]> | null = null;

  private constructor(private readonly workspace: Workspace) {}

  /** Creates <data>/workspace and <data>/workspace-trash when missing. */
  static async open(dataDir: string, store: Store, clock: Clock): Promise<NotebookService> {
    return new NotebookService(await Workspace.open(dataDir, store, clock));
  }

  get root(): string {
    return this.workspace.root;
  }

  /**
   * Every caller gets a listing that looked at the disk after it asked, but concurrent callers
   * share one: those that arrive while a listing runs wait for the next one, which serves them
   * all (a scan per caller made 50 concurrent listings take 50 scans, one after another).
   */
  list(): Promise<WorkspaceFile[]> {
    this.nextListing ??= this.run(() => {
      this.nextListing = null;
      return listFiles(this.workspace);
    });
    return this.nextListing;
  }

  read(path: string): Promise<{ content: string; file: WorkspaceFile }> {
    return this.run(() => readNotebook(this.workspace, checked(path)));
  }

  /** "" (the root) is allowed here: the path bar of the root is the root alone. */
  breadcrumbs(path: string): Promise<Breadcrumb[]> {
    const relative = path === '' ? '' : checked(path);
    return this.run(() => breadcrumbs(this.workspace, relative));
  }

  /** What GET /export sends ("" is the whole workspace); the files are read as the answer streams. */
  exportPlan(path: string): Promise<ExportPlan> {
    const relative = path === '' ? '' : checked(path);
    return this.run(() => planExport(this.workspace, relative));
  }

  details(path: string): Promise<ItemDetails> {
    return this.run(() => itemDetails(this.workspace, checked(path)));
  }

  search(query: string, limit: number): Promise<WorkspaceFile[]> {
    return this.run(() => searchFiles(this.workspace, query, limit));
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
    return this.run(() => listTrash(this.workspace));
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
    return this.workspace.exclusive(task);
  }
}

import { AxiosError, isAxiosError, type AxiosInstance, type AxiosResponse } from 'axios';
import type { AuditPage, FileWithContent, WorkspaceFile } from '../../../contracts/workspace';
import { queuedKey, saveHeaders, type SaveOptions, type SaveResult } from './saves';

export type { SaveOptions, SaveResult } from './saves';

export type { AuditEntry, AuditPage, FileWithContent, WorkspaceFile } from '../../../contracts/workspace';

export interface ReadOptions {
  signal?: AbortSignal;
}

/** A 409: the item changed on the server (or already exists, or is gone: `current` null). */
export class SaveConflict extends AxiosError {
  /** The server's item as it is now; null when it no longer exists; undefined when not said. */
  readonly current?: WorkspaceFile | null;

  constructor(error: AxiosError) {
    const body = error.response?.data as { message?: unknown; current?: unknown } | undefined;
    const message = typeof body?.message === 'string' ? body.message : 'The item changed on the server.';
    super(message, error.code, error.config, error.request, error.response);
    this.name = 'SaveConflict';
    this.current = body?.current === null ? null : isWorkspaceFile(body?.current) ? body.current : undefined;
  }
}

export function isSaveConflict(error: unknown): error is SaveConflict {
  return error instanceof SaveConflict;
}

export interface NotebookApi {
  listWorkspace(bucket?: string, options?: ReadOptions): Promise<WorkspaceFile[]>;
  listLocal(options?: ReadOptions): Promise<WorkspaceFile[]>;
  getLocalFile(path: string, options?: ReadOptions): Promise<FileWithContent>;
  getS3File(bucket: string, key: string, options?: ReadOptions): Promise<FileWithContent>;
  saveFile(path: string, content: string, options: SaveOptions): Promise<SaveResult<WorkspaceFile>>;
  createFolder(path: string, options: SaveOptions): Promise<SaveResult<WorkspaceFile>>;
  rename(oldPath: string, newPath: string, options: SaveOptions): Promise<SaveResult<WorkspaceFile>>;
  remove(path: string, options: SaveOptions): Promise<SaveResult<WorkspaceFile>>;
  restore(path: string, options: SaveOptions): Promise<SaveResult<WorkspaceFile>>;
  setFavorite(path: string, isFavorite: boolean, options: SaveOptions): Promise<SaveResult<WorkspaceFile>>;
  audit(page: { limit: number; offset: number }, options?: ReadOptions): Promise<AuditPage>;
}

function isWorkspaceFile(value: unknown): value is WorkspaceFile {
  const v = value as Record<string, unknown> | null;
  return !!v && typeof v.path === 'string' && typeof v.name === 'string' && (v.type === 'notebook' || v.type === 'folder');
}

function filesFrom(body: unknown): WorkspaceFile[] {
  const files = (body as { files?: unknown } | null)?.files;
  if (!Array.isArray(files) || !files.every(isWorkspaceFile)) throw new Error('The server answered with an unexpected file list.');
  return files;
}

function fileFrom(body: unknown): WorkspaceFile {
  const file = (body as { file?: unknown } | null)?.file;
  if (!isWorkspaceFile(file)) throw new Error('The server answered with an unexpected file.');
  return file;
}

function withContent(body: unknown): FileWithContent {
  const content = (body as { content?: unknown } | null)?.content;
  if (typeof content !== 'string') throw new Error('The server answered without the file content.');
  return { content, file: fileFrom(body) };
}

/** Sends a save; tells a queued answer (the service worker's 202 + X-Queued: 1) from a saved one. */
async function save(
  send: (headers: Record<string, string>) => Promise<AxiosResponse>,
  options: SaveOptions,
): Promise<SaveResult<WorkspaceFile>> {
  try {
    const res = await send(saveHeaders(options));
    const key = queuedKey(res, options);
    return key ? { queued: true, key } : { queued: false, data: fileFrom(res.data) };
  } catch (error) {
    throw isAxiosError(error) && error.response?.status === 409 ? new SaveConflict(error) : error;
  }
}

/** The workspace API (server/notebook), mounted at config.apis.notebook. */
export function createNotebookApi(http: AxiosInstance): NotebookApi {
  return {
    async listWorkspace(bucket = 'workspace', { signal } = {}) {
      return filesFrom((await http.get('/workspace', { params: { bucket }, signal })).data);
    },
    async listLocal({ signal } = {}) {
      return filesFrom((await http.get('/local-fs', { signal })).data);
    },
    async getLocalFile(path, { signal } = {}) {
      return withContent((await http.get('/get-file-local', { params: { path }, signal })).data);
    },
    async getS3File(bucket, key, { signal } = {}) {
      return withContent((await http.get('/get-file-s3', { params: { bucket, key }, signal })).data);
    },
    saveFile: (path, content, options) => save((headers) => http.post('/files', { path, content }, { headers }), options),
    createFolder: (path, options) => save((headers) => http.post('/folders', { path }, { headers }), options),
    rename: (oldPath, newPath, options) => save((headers) => http.post('/rename', { oldPath, newPath }, { headers }), options),
    remove: (path, options) => save((headers) => http.delete('/delete', { data: { path }, headers }), options),
    restore: (path, options) => save((headers) => http.post('/restore', { path }, { headers }), options),
    setFavorite: (path, isFavorite, options) =>
      save((headers) => http.post('/favorite', { path, isFavorite }, { headers }), options),
    async audit({ limit, offset }, { signal } = {}) {
      const body = (await http.get('/audit', { params: { limit, offset }, signal })).data as Partial<AuditPage> | null;
      if (!Array.isArray(body?.items) || typeof body.count !== 'number') throw new Error('The server answered with an unexpected audit page.');
      return { items: body.items, count: body.count };
    },
  };
}

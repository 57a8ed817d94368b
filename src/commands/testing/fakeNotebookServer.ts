import { vi } from 'vitest';
import { httpError, networkError } from '../../sync/api/testing/httpErrors';
import type { SaveAnswer, SaveRequest, SavesApi } from '../../sync/api/saves.api';
import { serverFile } from '../../sync/testing/serverFile';

/**
 * For tests: the notebook API's files at our SaveRequest boundary. POST /files honours If-Match and
 * If-None-Match as server/notebook/preconditions.ts does (409 with the current file), renames move
 * files, a repeated Idempotency-Key gets its first answer; `online = false` is the network gone.
 */
export function fakeNotebookServer(mount = '/api/notebook') {
  const files = new Map<string, { content: string; version: string }>();
  const answered = new Map<string, SaveAnswer>();
  const state = { online: true, versions: 0 };
  const sent: SaveRequest[] = [];
  const put = (path: string, content: string) => {
    files.set(path, { content, version: `v${++state.versions}` });
    return serverFile(path, { version: files.get(path)!.version });
  };

  function saveFile({ headers, body }: SaveRequest): SaveAnswer {
    const { path, content } = body as { path: string; content: string };
    const current = files.get(path);
    const currentFile = current ? serverFile(path, { version: current.version }) : null;
    if (headers['If-None-Match'] === '*' && current) return { status: 409, body: { message: `${path} already exists`, current: currentFile } };
    const ifMatch = headers['If-Match'];
    if (ifMatch && ifMatch !== current?.version) return { status: 409, body: { message: 'The item changed on the server', current: currentFile } };
    return { status: 200, body: { file: put(path, content) } };
  }

  function answer(request: SaveRequest): SaveAnswer {
    const { oldPath, newPath } = (request.body ?? {}) as { oldPath?: string; newPath?: string };
    switch (request.url) {
      case `${mount}/files`:
        return saveFile(request);
      case `${mount}/rename`:
        for (const [path, file] of [...files]) {
          if (path !== oldPath && !path.startsWith(`${oldPath}/`)) continue;
          files.delete(path);
          files.set(newPath + path.slice(oldPath!.length), file);
        }
        return { status: 200, body: {} };
      default:
        return { status: 200, body: {} };
    }
  }

  const api: SavesApi = {
    send: vi.fn(async (requests: readonly SaveRequest[]) => {
      if (!state.online) throw networkError();
      return requests.map((request) => {
        sent.push(request);
        const key = request.headers['Idempotency-Key'];
        const known = answered.get(key);
        if (known) return known;
        const result = answer(request);
        answered.set(key, result);
        return result;
      });
    }),
  };

  /** The notebook API's get-file read. */
  const getLocalFile = vi.fn(async (path: string) => {
    if (!state.online) throw networkError();
    const file = files.get(path);
    if (!file) throw httpError(404);
    return { content: file.content, file: serverFile(path, { version: file.version }) };
  });

  return { files, api, getLocalFile, state, sent, put, fileSaves: () => sent.filter((request) => request.url === `${mount}/files`) };
}

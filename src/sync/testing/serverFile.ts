import type { WorkspaceFile } from '../api/notebook.api';

/** A workspace item as the server would list it, for tests. */
export function serverFile(path: string, extra: Partial<WorkspaceFile> = {}): WorkspaceFile {
  return {
    id: `id-${path}`,
    name: path.split('/').pop() ?? path,
    path,
    type: path.endsWith('.ipynb') ? 'notebook' : 'folder',
    owner: 'admin',
    createdAt: '2025-01-01T00:00:00Z',
    updatedAt: '2025-01-02T00:00:00Z',
    isFavorite: false,
    isDeleted: false,
    version: '1',
    ...extra,
  };
}

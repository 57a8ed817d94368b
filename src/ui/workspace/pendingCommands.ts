import type { SignedIn } from '../../commands/app';

export type DetailsAnswer =
  | { ok: true; size: number; kernel: string | null; cellCount: number | null; items: number | null }
  | { ok: false; message: string };

/**
 * The workspace commands issue 15 adds (branch h-i15-cmd), as agreed in the brief.
 * TODO(merge h-i15-cmd): once createWorkspaceCommands has them, delete this file and call workspace.* directly.
 */
export interface WorkspaceExtras {
  setFavorite(path: string, isFavorite: boolean): Promise<unknown>;
  purge(path: string): Promise<unknown>;
  move(paths: string[], folder: string): Promise<{ ok: boolean }>;
  details(path: string): Promise<DetailsAnswer>;
  exportUrl(path: string): string;
}

export function withExtras(workspace: SignedIn['workspace']): SignedIn['workspace'] & WorkspaceExtras {
  return workspace as SignedIn['workspace'] & WorkspaceExtras;
}

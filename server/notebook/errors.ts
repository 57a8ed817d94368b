import type { WorkspaceFile } from '../../contracts/workspace';

/**
 * An expected failure of a workspace operation: its status and {message}, plus the item
 * as the server has it now for conflicts (409), so the client can show or merge it.
 */
export class WorkspaceError extends Error {
  constructor(
    readonly statusCode: 400 | 404 | 409 | 413,
    message: string,
    readonly current?: WorkspaceFile | null,
  ) {
    super(message);
    this.name = 'WorkspaceError';
  }

  toJSON(): { message: string; current?: WorkspaceFile | null } {
    return this.current === undefined ? { message: this.message } : { message: this.message, current: this.current };
  }
}

export const badRequest = (message: string) => new WorkspaceError(400, message);
export const notFound = (message: string) => new WorkspaceError(404, message);
export const conflict = (message: string, current?: WorkspaceFile | null) => new WorkspaceError(409, message, current);

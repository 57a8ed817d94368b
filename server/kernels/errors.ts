/** An expected failure of a kernel or notebook-server call: its status and {message}. */
export class KernelError extends Error {
  constructor(
    readonly statusCode: 400 | 403 | 404 | 409 | 503,
    message: string,
  ) {
    super(message);
    this.name = 'KernelError';
  }

  toJSON(): { message: string } {
    return { message: this.message };
  }
}

export const badRequest = (message: string) => new KernelError(400, message);
export const forbidden = (message: string) => new KernelError(403, message);
export const notFound = (message: string) => new KernelError(404, message);
export const conflict = (message: string) => new KernelError(409, message);
/** A kernel host that cannot start or answer (the user may try again). */
export const unavailable = (message: string) => new KernelError(503, message);

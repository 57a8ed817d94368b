import type { KernelStreamEvent } from '../../contracts/kernels';

/** Who listens: the user's own kernels and server, or (admins) everyone's. */
export interface Listener {
  username: string;
  admin: boolean;
  send(event: KernelStreamEvent): void;
}

/** The per-user event stream's fan-out: each change goes to its owner's listeners and to admins. */
export class KernelHub {
  private readonly listeners = new Set<Listener>();

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  publish(event: KernelStreamEvent): void {
    const owner = ownerOf(event);
    for (const listener of this.listeners) {
      if (listener.admin || listener.username === owner) listener.send(event);
    }
  }

  get size(): number {
    return this.listeners.size;
  }
}

function ownerOf(event: KernelStreamEvent): string {
  switch (event.type) {
    case 'kernel':
      return event.kernel.owner;
    case 'kernel_removed':
      return event.owner;
    case 'server':
      return event.server.username;
  }
}

import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';
import type { Notice } from '../commands/core';

const ToasterView = lazy(() => import('./ToasterView'));

export interface Toasts {
  /** Shows a notice; sonner and its toaster load with the first one. */
  show(notice: Notice & { duration?: number }): void;
  /** Where the toasts appear: rendered once by App. `signedIn`: the shell is up, load the toaster now (it then stays). */
  View(props: { signedIn: boolean }): React.ReactNode;
}

/**
 * sonner's toaster loads with the first toast, or with the signed-in shell (whose pages also call
 * sonner directly), not with the login route: that route's script budget (150 KB) has no room for it.
 * A toast asked for before the toaster is up waits for it (sonner drops toasts nobody listens to).
 */
export function createToasts(): Toasts {
  let wanted = false;
  const listeners = new Set<() => void>();
  let markMounted = () => {};
  const mounted = new Promise<void>((resolve) => (markMounted = resolve));
  const want = () => {
    if (wanted) return;
    wanted = true;
    for (const listener of listeners) listener();
  };
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  };

  return {
    show({ kind, message, id, action, duration }) {
      want();
      void Promise.all([mounted, import('sonner')]).then(([, { toast }]) => toast[kind](message, { id, action, duration }));
    },
    View({ signedIn }) {
      const asked = useSyncExternalStore(subscribe, () => wanted);
      // Once up, the toaster stays: "You have signed out." is shown after the shell is gone.
      useEffect(() => void (signedIn && want()), [signedIn]);
      if (!asked && !signedIn) return null;
      return (
        <Suspense fallback={null}>
          <ToasterView onMounted={markMounted} />
        </Suspense>
      );
    },
  };
}

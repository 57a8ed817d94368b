import { useEffect, useRef, useState, type RefObject } from 'react';
import type { AffectedTaskInstance } from '../../../../contracts/workflow';
import type { Preview } from './AffectedList';

type DryRun<R> = (request: R) => Promise<{ ok: true; items: AffectedTaskInstance[] } | { ok: false; message: string }>;

/**
 * The upstream's dry run for the dialog's current options (Clear's, Mark's): asked again on every
 * change, and only the answer for the options shown counts (an earlier, slower one is dropped).
 */
export function useDryRun<R>(request: R, dryRun: DryRun<R> | null): Preview {
  const [answer, setAnswer] = useState<{ request: R; preview: Preview } | null>(null);
  useEffect(() => {
    if (!dryRun) return;
    let current = true;
    void dryRun(request).then((result) => {
      if (current) setAnswer({ request, preview: result.ok ? { status: 'ready', items: result.items } : { status: 'error', message: result.message } });
    });
    return () => {
      current = false;
    };
  }, [dryRun, request]);
  return answer?.request === request ? answer.preview : { status: 'loading' };
}

/** Focuses the dialog's safe choice (Cancel) when it opens, and gives focus back to what had it when it closes. */
export function useDialogFocus(): RefObject<HTMLButtonElement | null> {
  const cancel = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    cancel.current?.focus();
    return () => before?.focus();
  }, []);
  return cancel;
}

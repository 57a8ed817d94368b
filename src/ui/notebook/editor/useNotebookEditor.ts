import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import type { Kernels } from '../../../commands/kernels/kernels';
import type { NotebookDocCommands } from '../../../commands/notebook/doc';
import type { NotebookRun, RunView } from '../../../commands/notebook/run';
import { useSignedIn } from '../../appContext';
import { useLive } from '../../hooks/live';
import { useLoaded } from '../../hooks/useLoaded';
import type { TypedCell } from './cellText';

/** How long typing pauses before it becomes one edit event. */
const TYPING_PAUSE_MS = 400;

type Opened = { path: string; docId: string } | { path: string; error: string };

/** The notebook at `path` opened as a document (this device's doc or the server's file), and its live state. */
export function useNotebookEditor(path: string) {
  const signedIn = useSignedIn();
  const docs = useLoaded(signedIn.notebook);
  const kernels = useLoaded(signedIn.kernels);
  const [opened, setOpened] = useState<Opened | null>(null);
  useEffect(() => {
    if (!docs) return;
    let current = true;
    void docs.open(path).then((result) => {
      if (current) setOpened(result.ok ? { path, docId: result.docId } : { path, error: result.message });
    });
    return () => {
      current = false;
    };
  }, [docs, path]);
  const here = opened?.path === path ? opened : null;
  const docId = here && 'docId' in here ? here.docId : null;
  const doc = useLive((reads) => (docId ? reads.notebookDoc(docId) : Promise.resolve(null)), [docId]);
  const run = useRun(kernels, docId, path);
  const view = useRunView(kernels, docId, run);
  return { docs, kernels, docId, error: here && 'error' in here ? here.error : null, doc: doc ?? null, run, view };
}

function useRun(kernels: Kernels | null, docId: string | null, path: string): NotebookRun | null {
  const [run, setRun] = useState<{ docId: string; run: NotebookRun } | null>(null);
  useEffect(() => {
    if (!kernels || !docId) return;
    let current = true;
    void kernels.open(docId, path).then((opened) => current && setRun({ docId, run: opened }));
    return () => {
      current = false;
    };
  }, [kernels, docId, path]);
  return run && run.docId === docId ? run.run : null;
}

function useRunView(kernels: Kernels | null, docId: string | null, run: NotebookRun | null): RunView | null {
  const subscribe = useCallback((listener: () => void) => (kernels && docId && run ? kernels.subscribe(docId, listener) : () => {}), [kernels, docId, run]);
  return useSyncExternalStore(subscribe, () => (kernels && docId && run ? kernels.view(docId) : null));
}

/**
 * Typing as edit events: one `text` edit per pause (or when another cell is typed in, or before a
 * run or a save), merged with what another tab typed (cellText.ts); all edits of one stretch of
 * typing in one cell share a group (one undo step).
 */
export function useTyping(docs: NotebookDocCommands | null, docId: string | null) {
  const pending = useRef(new Map<string, TypedCell>());
  const group = useRef<{ cellId: string; id: string } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const flush = useCallback(async () => {
    clearTimeout(timer.current);
    if (!docs || !docId) return;
    const cells = [...pending.current];
    pending.current.clear();
    for (const [cellId, cell] of cells) {
      const stretch = group.current?.cellId === cellId ? group.current.id : `${cellId}:${Date.now()}`;
      group.current = { cellId, id: stretch };
      const sent = cell.take();
      const result = await docs.type(docId, cellId, sent, { group: stretch });
      if (result.ok) cell.written(sent, result.version);
      else cell.failed(sent);
    }
  }, [docs, docId]);

  // Leaving the page (or the notebook) writes what was typed.
  useEffect(() => () => void flush(), [flush]);

  return useMemo(
    () => ({
      typed(cellId: string, cell: TypedCell) {
        if (docs && docId) docs.typed(docId, cellId, cell); // kept at once, for a crash before the pause
        if (!pending.current.has(cellId) && pending.current.size > 0) void flush();
        pending.current.set(cellId, cell);
        clearTimeout(timer.current);
        timer.current = setTimeout(() => void flush(), TYPING_PAUSE_MS);
      },
      flush,
      /** A new undo step for the next typing (the user left the cell). */
      endGroup() {
        group.current = null;
      },
    }),
    [flush, docs, docId],
  );
}

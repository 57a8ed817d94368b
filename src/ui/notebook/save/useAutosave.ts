import { useEffect, useMemo } from 'react';
import type { NotebookDocCommands } from '../../../commands/notebook/doc';
import type { NotebookSaveState } from '../../../db/notebookSaves';
import type { NotebookDocRow } from '../../../model/rows';
import { createAutosave } from '../../../commands/notebook/autosave';

interface Props {
  docs: NotebookDocCommands | null;
  docId: string;
  doc: NotebookDocRow;
  state: NotebookSaveState | undefined;
  /** Writes the typing not written yet (the editor's useTyping). */
  flush: () => Promise<void>;
}

/**
 * Autosave of an open notebook: a quiet save (the badge says Saved, no toast, as in JupyterLab)
 * a few seconds after the last edit, at once when the page is hidden, and when the editor closes
 * with a save due; never while its last save is refused.
 */
export function useAutosave({ docs, docId, doc, state, flush }: Props) {
  const autosave = useMemo(() => {
    if (!docs) return null;
    return createAutosave({
      async save() {
        // The typing just written may be the only edit: the command decides on the stored doc.
        await flush();
        await docs.save(docId, { auto: true });
      },
    });
  }, [docs, docId, flush]);

  useEffect(() => {
    if (!autosave) return;
    const onHide = () => document.visibilityState === 'hidden' && void autosave.now();
    document.addEventListener('visibilitychange', onHide);
    return () => {
      document.removeEventListener('visibilitychange', onHide);
      if (autosave.pending()) void autosave.now();
      else autosave.dispose();
    };
  }, [autosave]);

  const { dirty, lastEditSeq } = doc;
  const loaded = state !== undefined;
  const writtenEditSeq = state?.writtenEditSeq ?? null;
  const conflict = state?.conflict != null;
  useEffect(() => {
    // Nothing is saved on a guess: not before the save state is read.
    if (loaded) autosave?.update({ dirty, lastEditSeq, writtenEditSeq, conflict });
  }, [autosave, loaded, dirty, lastEditSeq, writtenEditSeq, conflict]);
}

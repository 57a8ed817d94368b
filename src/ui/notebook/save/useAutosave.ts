import { useEffect, useMemo } from 'react';
import type { NotebookDocCommands } from '../../../commands/notebookDoc';
import type { NotebookSaveState } from '../../../db/notebookSaves';
import type { NotebookDocRow } from '../../../db/schema';
import { useSignedIn } from '../../appContext';
import { createAutosave, needsAutosave } from './autosave';

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
  const { reads } = useSignedIn();
  const autosave = useMemo(() => {
    if (!docs) return null;
    return createAutosave({
      async save() {
        await flush();
        // Decided on the stored doc: the typing just written may be the only edit.
        const [row, saves] = await Promise.all([reads.notebookDoc(docId), reads.notebookSaveState(docId)]);
        if (row && needsAutosave({ ...row, writtenEditSeq: saves.writtenEditSeq, conflict: saves.conflict !== null })) await docs.save(docId, { quiet: true });
      },
    });
  }, [docs, docId, reads, flush]);

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

import { useState } from 'react';
import type { NotebookDocRow } from '../../../model/rows';
import { useSignedIn } from '../../appContext';
import { useLive } from '../../hooks/live';
import { useLoaded } from '../../hooks/useLoaded';
import { ConflictDialog } from './ConflictDialog';
import { useAutosave } from './useAutosave';
import './save.css';

interface Props {
  docId: string;
  doc: NotebookDocRow;
  name: string;
  /** Writes the typing not written yet (the editor's useTyping). */
  flush: () => Promise<void>;
}

const refusedText = (status: number) => (status === 413 ? 'Not saved: too large' : 'Not saved');

/**
 * How the open notebook stands with the server (the header's badge), its autosave, and the
 * conflict dialog when its save was refused because the file changed on the server.
 */
export function SaveStatus({ docId, doc, name, flush }: Props) {
  const signedIn = useSignedIn();
  const docs = useLoaded(signedIn.notebook);
  const state = useLive((reads) => reads.notebookSaveState(docId), [docId]);
  // "Decide later" puts off this refused save; a new refusal opens the dialog again.
  const [later, setLater] = useState<string | null>(null);
  const [reopened, setReopened] = useState(false);
  useAutosave({ docs, docId, doc, state, flush });

  const conflict = state?.conflict ?? null;
  const open = conflict !== null && (conflict.changeId !== later || reopened);
  const refused = conflict ? null : (state?.refused ?? null);
  const text = conflict ? 'Not saved: changed on the server' : refused ? refusedText(refused.status) : state?.waiting ? 'Waiting to sync' : doc.dirty ? 'Unsaved changes' : 'Saved';
  const tone = conflict || refused ? ' badge-danger' : state?.waiting ? ' badge-warn' : '';
  return (
    <>
      <span className={`badge${tone}`} data-testid="doc-state">
        {text}
      </span>
      {/* Why, and what to do: the badge alone left a refused save looking like unsaved typing. */}
      {refused && (
        <p className="save-refused" role="alert">
          {refused.message}
        </p>
      )}
      {conflict && !open && (
        <button type="button" className="button small" onClick={() => setReopened(true)}>
          Resolve…
        </button>
      )}
      {open && docs && (
        <ConflictDialog
          docs={docs}
          docId={docId}
          name={name}
          onLater={() => {
            setLater(conflict.changeId);
            setReopened(false);
          }}
        />
      )}
    </>
  );
}

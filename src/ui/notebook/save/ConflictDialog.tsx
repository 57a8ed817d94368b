import { useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { isRefusal } from '../../../commands/core';
import type { NotebookDocCommands } from '../../../commands/notebook/doc';
import type { NotebookDiff } from '../../../model/nbformat/diff';
import { useFocusTrap } from '../../hooks/useFocusTrap';
import { notebookUrl } from '../../workspace/names';
import { cellDiffView, type DiffLine } from './diffView';

interface Props {
  docs: NotebookDocCommands;
  docId: string;
  name: string;
  /** Closes the dialog, the refused save left as it is (the badge offers it again). */
  onLater: () => void;
}

type Compared = { diff: NotebookDiff } | { error: string } | null;

function Lines({ lines }: { lines: DiffLine[] }) {
  return (
    <pre className="conflict-lines">
      {lines.map((line, at) =>
        line.kind === 'skip' ? (
          <span key={at} className="conflict-line skip">
            … {line.count} unchanged {line.count === 1 ? 'line' : 'lines'}
          </span>
        ) : (
          <span key={at} className={`conflict-line ${line.kind}`}>
            <span className="conflict-side">{line.kind === 'mine' ? 'yours' : line.kind === 'theirs' ? 'server' : ''}</span>
            {line.text || ' '}
          </span>
        ),
      )}
    </pre>
  );
}

/** Mine against the server's copy, cell by cell. */
function Differences({ compared }: { compared: Compared }) {
  if (compared === null) return <p className="muted">Comparing with the server’s copy…</p>;
  if ('error' in compared) return <p className="field-error">{compared.error}</p>;
  const { cells, metadata } = compared.diff;
  if (cells.length === 0 && !metadata) return <p className="muted">The cells are the same on both sides.</p>;
  return (
    <ol className="conflict-cells" aria-label="Differences">
      {metadata && <li className="conflict-cell">The notebook’s kernel or language differs.</li>}
      {cells.map(cellDiffView).map((view) => (
        <li key={view.id} className="conflict-cell">
          <strong>{view.title}</strong> <span>{view.label}</span>
          {view.details && <span className="muted"> — {view.details}</span>}
          {view.lines.length > 0 && <Lines lines={view.lines} />}
        </li>
      ))}
    </ol>
  );
}

/**
 * The save was refused because the file changed on the server: the differences, and the user's
 * choice — keep mine (overwrite), take theirs, save mine as a copy (the editor moves to it), or
 * decide later. Never an overwrite without this choice.
 */
export function ConflictDialog({ docs, docId, name, onLater }: Props) {
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  const later = useRef<HTMLButtonElement>(null);
  const onKeyDown = useFocusTrap(root, later);
  const navigate = useNavigate();
  const [compared, setCompared] = useState<Compared>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    void docs.compare(docId).then((result) => current && setCompared(result.ok ? { diff: result.diff } : { error: result.message }));
    return () => {
      current = false;
    };
  }, [docs, docId]);

  // The dialog closes by itself once the refused save is resolved (the live read has no conflict).
  const act = async (choice: () => Promise<object | null>) => {
    setBusy(true);
    setError(null);
    const result = await choice();
    setBusy(false);
    if (result && isRefusal(result)) setError(result.message);
    else if (result && 'path' in result && typeof result.path === 'string') navigate(notebookUrl(result.path));
  };

  return (
    <div className="modal-backdrop" onKeyDown={(e) => e.key === 'Escape' && onLater()}>
      <div ref={root} className="modal card conflict-dialog" role="dialog" aria-modal="true" aria-labelledby={`${id}-title`} aria-describedby={`${id}-text`} onKeyDown={onKeyDown}>
        <h2 id={`${id}-title`}>{name} changed on the server</h2>
        <p id={`${id}-text`}>
          Your save was refused: the file was saved elsewhere since you opened it. Nothing is overwritten until you choose. Keep mine replaces the server’s
          copy with yours; Take theirs replaces your edits with the server’s copy; Save mine as a copy keeps both.
        </p>
        <Differences compared={compared} />
        {error && (
          <p className="field-error" role="alert">
            {error}
          </p>
        )}
        <div className="modal-actions conflict-actions">
          <button type="button" className="button danger" disabled={busy} onClick={() => void act(() => docs.keepMine(docId))}>
            Keep mine
          </button>
          <button type="button" className="button" disabled={busy || (compared !== null && 'error' in compared)} onClick={() => void act(() => docs.takeTheirs(docId))}>
            Take theirs
          </button>
          <button type="button" className="button" disabled={busy} onClick={() => void act(() => docs.saveAsCopy(docId))}>
            Save mine as a copy
          </button>
          <button ref={later} type="button" className="button primary" onClick={onLater}>
            Decide later
          </button>
        </div>
      </div>
    </div>
  );
}

import { formatDistanceToNow } from 'date-fns';
import type { SaveRow } from '../../model/saves/projection';
import { useSignedIn } from '../appContext';

interface Props {
  saves: SaveRow[];
  connection: string;
  lastFetched: number | undefined;
  onClose: () => void;
}

function FailedSave({ save }: { save: SaveRow }) {
  const { saves } = useSignedIn();
  // A 409 means the server's copy changed: trying again means overwriting it (the command drops the version check).
  const conflict = save.status === 409;
  // A 413 is the same bytes too large: sending them again cannot work (the message says what can).
  const retryable = save.status !== 413;
  return (
    <li className="sync-item failed" aria-label={save.label}>
      <strong>{save.label}</strong>
      <span className="sync-error">
        {save.status ? `${save.status}: ` : ''}
        {save.message ?? 'The server refused this save.'}
      </span>
      <div className="sync-actions">
        {retryable && (
          <button type="button" className="button small" onClick={() => void saves.retry(save.id)}>
            {conflict ? 'Overwrite' : 'Retry'}
          </button>
        )}
        {save.type === 'WorkspaceNotebookCreated' && (
          <button type="button" className="button small" onClick={() => void saves.keepCopy(save.id)}>
            Save as a copy
          </button>
        )}
        <button type="button" className="button small danger" onClick={() => void saves.discard(save.id)}>
          Discard
        </button>
      </div>
    </li>
  );
}

/** The saves behind the badge: what waits for the server, and what it refused, with a way out for each. */
export function SyncPanel({ saves: open, connection, lastFetched, onClose }: Props) {
  const { saves } = useSignedIn();
  const waiting = open.filter((save) => save.state === 'pending');
  const failed = open.filter((save) => save.state === 'failed');
  return (
    <div className="sync-panel card" role="dialog" aria-label="Sync" onKeyDown={(e) => e.key === 'Escape' && onClose()}>
      <header className="sync-panel-head">
        <strong>{connection}</strong>
        <span className="muted">
          {lastFetched ? `Data fetched ${formatDistanceToNow(lastFetched, { addSuffix: true })}` : 'Nothing fetched yet'}
        </span>
      </header>
      {failed.length > 0 && (
        <section aria-label="Not saved">
          <h3>Not saved ({failed.length})</h3>
          <ul className="sync-list">
            {failed.map((save) => (
              <FailedSave key={save.id} save={save} />
            ))}
          </ul>
        </section>
      )}
      <section aria-label="Waiting">
        <h3>Waiting for the server ({waiting.length})</h3>
        {waiting.length === 0 ? (
          <p className="muted">Every save has reached the server.</p>
        ) : (
          <>
            <ol className="sync-list">
              {waiting.map((save) => (
                <li key={save.id} className="sync-item">
                  {save.label}
                </li>
              ))}
            </ol>
            <button type="button" className="button small" onClick={saves.sendNow}>
              Try now
            </button>
          </>
        )}
      </section>
    </div>
  );
}

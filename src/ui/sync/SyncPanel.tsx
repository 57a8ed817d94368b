import { formatDistanceToNow } from 'date-fns';
import { toast } from 'sonner';
import type { OutboxRow } from '../../db/schema';
import { copyPathFor, isFileWrite } from '../../sync/conflicts';
import { discardSave, retrySave } from '../../sw/outboxActions';
import { useArea } from '../area';
import { useDb } from '../db';

interface Props {
  outbox: OutboxRow[];
  connection: string;
  lastFetched: number | undefined;
  onClose: () => void;
}

function FailedSave({ entry }: { entry: OutboxRow }) {
  const db = useDb();
  const { workspace, requestReplay } = useArea();
  const conflict = entry.status === 409;
  const retry = async () => {
    // A 409 means the server's copy changed: trying again means overwriting it, so drop the version check.
    await retrySave(db, entry.seq ?? 0, { overwrite: conflict });
    requestReplay();
  };
  const saveCopy = async () => {
    const body = JSON.parse(entry.body ?? '{}') as { path: string; content: string };
    const outcome = await workspace.createNotebook(copyPathFor(body.path), body.content);
    if (outcome.kind !== 'failed') await discardSave(db, entry.seq ?? 0);
    else toast.error(`The copy was not saved either: ${outcome.message}`);
  };
  return (
    <li className="sync-item failed" aria-label={entry.label}>
      <strong>{entry.label}</strong>
      <span className="sync-error">
        {entry.status ? `${entry.status}: ` : ''}
        {entry.error ?? 'The server refused this save.'}
      </span>
      <div className="sync-actions">
        <button type="button" className="button small" onClick={() => void retry()}>
          {conflict ? 'Overwrite' : 'Retry'}
        </button>
        {isFileWrite(entry) && (
          <button type="button" className="button small" onClick={() => void saveCopy()}>
            Save as a copy
          </button>
        )}
        <button type="button" className="button small danger" onClick={() => void discardSave(db, entry.seq ?? 0)}>
          Discard
        </button>
      </div>
    </li>
  );
}

/** The queue behind the badge: what waits for the server, and what it refused, with a way out for each. */
export function SyncPanel({ outbox, connection, lastFetched, onClose }: Props) {
  const { requestReplay } = useArea();
  const queued = outbox.filter((e) => e.state === 'queued');
  const failed = outbox.filter((e) => e.state === 'failed');
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
            {failed.map((entry) => (
              <FailedSave key={entry.seq} entry={entry} />
            ))}
          </ul>
        </section>
      )}
      <section aria-label="Waiting">
        <h3>Waiting for the server ({queued.length})</h3>
        {queued.length === 0 ? (
          <p className="muted">Every save has reached the server.</p>
        ) : (
          <>
            <ol className="sync-list">
              {queued.map((entry) => (
                <li key={entry.seq} className="sync-item">
                  {entry.label}
                </li>
              ))}
            </ol>
            <button type="button" className="button small" onClick={requestReplay}>
              Try now
            </button>
          </>
        )}
      </section>
    </div>
  );
}

import { formatDistanceStrict } from 'date-fns';
import { AlertTriangle, CloudOff, RefreshCw, Wifi } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useLastFetched, useOpenSaves, useServerUnreachable } from '../hooks/useLiveData';
import { useNow } from '../hooks/useNow';
import { useOnline } from '../hooks/useOnline';
import { SyncPanel } from './SyncPanel';

function ageOf(at: number, now: number): string {
  return now - at < 60_000 ? 'just now' : `${formatDistanceStrict(at, now)} ago`;
}

/** Online or not, saves waiting, conflicts, and the age of the cached data — always in sight. */
export function SyncBadge() {
  const online = useOnline();
  const saves = useOpenSaves();
  const lastFetched = useLastFetched();
  const unreachable = useServerUnreachable();
  const now = useNow();
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const queued = saves.filter((save) => save.state === 'pending').length;
  const failed = saves.filter((save) => save.state === 'failed').length;

  useEffect(() => {
    if (!open) return;
    const close = (e: PointerEvent) => !rootRef.current?.contains(e.target as Node) && setOpen(false);
    document.addEventListener('pointerdown', close);
    return () => document.removeEventListener('pointerdown', close);
  }, [open]);

  // The browser can be online while the console server is down: the sync worker's failed poll or saves waiting say so.
  const away = online && (unreachable || queued > 0);
  const tone = failed > 0 ? 'danger' : !online || away ? 'warn' : 'ok';
  const icon = failed > 0 ? <AlertTriangle size={14} /> : !online || unreachable ? <CloudOff size={14} /> : queued > 0 ? <RefreshCw size={14} /> : <Wifi size={14} />;
  const connection = !online ? 'Offline' : away ? 'Server unreachable' : 'Online';
  const text = [
    connection,
    queued > 0 && `${queued} waiting`,
    failed > 0 && `${failed} not saved`,
  ].filter(Boolean).join(' · ');
  const age = lastFetched === undefined ? undefined : ageOf(lastFetched, now);

  return (
    <div className="sync" ref={rootRef}>
      <button
        type="button"
        className={`sync-badge tone-${tone}`}
        // Holds the visible text (which narrow screens hide) in its order, so speech input can target what it sees.
        aria-label={['Sync status:', text, age].filter(Boolean).join(' ')}
        aria-expanded={open}
        data-testid="sync-badge"
        data-queued={queued}
        data-failed={failed}
        onClick={() => setOpen((o) => !o)}
      >
        <span aria-hidden="true">{icon}</span>
        <span className="sync-text">{text}</span>
        {/* The space keeps the words apart in the text that speech input matches. */}
        {age && <>{' '}<span className="sync-age">{age}</span></>}
      </button>
      {open && <SyncPanel saves={saves} connection={connection} lastFetched={lastFetched} onClose={() => setOpen(false)} />}
    </div>
  );
}

import { useState } from 'react';
import { Pager } from '../../components/Pager';
import { CacheNote } from '../CacheNote';
import { when } from '../time';
import { useWorkflowView } from '../useWorkflowView';

const EVENTS_PAGE = 25;

/** The DAG's audit log: who paused, triggered, cleared or marked what, and when. */
export function EventsTab({ dagId }: { dagId: string }) {
  const [page, setPage] = useState(0);
  const events = useWorkflowView({ kind: 'events', dagId, limit: EVENTS_PAGE, offset: page * EVENTS_PAGE });
  const items = events.value?.items ?? [];
  return (
    <div>
      <CacheNote fetchedAt={events.fetchedAt} error={events.error} what="event log" />
      <table className="data-table events-table" aria-label="Event log">
        <thead>
          <tr>
            <th>When</th>
            <th>Event</th>
            <th>Owner</th>
            <th>Run</th>
            <th>Task</th>
            <th>Extra</th>
          </tr>
        </thead>
        <tbody>
          {items.map((e) => (
            <tr key={e.id}>
              <td>{when(e.when)}</td>
              <td>{e.event}</td>
              <td>{e.owner ?? '—'}</td>
              <td className="mono small">{e.runId ?? '—'}</td>
              <td className="mono small">{e.taskId ?? '—'}{e.tryNumber ? ` (try ${e.tryNumber})` : ''}</td>
              {/* The clamp is on an inner box: on the cell itself it stops being a table cell. */}
              <td className="mono small">
                <div className="clamp">{e.extra ?? ''}</div>
              </td>
            </tr>
          ))}
          {events.value && items.length === 0 && (
            <tr><td colSpan={6} className="muted">No events recorded for this DAG.</td></tr>
          )}
        </tbody>
      </table>
      {events.value && <Pager label="Event pages" page={page} pageSize={EVENTS_PAGE} count={events.value.total} noun="events" onPage={setPage} />}
    </div>
  );
}

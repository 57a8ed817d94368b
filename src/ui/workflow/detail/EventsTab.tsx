import { useState } from 'react';
import { when } from '../time';
import { useWorkflowView } from '../useWorkflowView';
import { PagedTable } from './PagedTable';

const EVENTS_PAGE = 25;
const COLUMNS = ['When', 'Event', 'Owner', 'Run', 'Task', 'Extra'];

/** The DAG's audit log: who paused, triggered, cleared or marked what, and when. */
export function EventsTab({ dagId }: { dagId: string }) {
  const [page, setPage] = useState(0);
  const events = useWorkflowView({ kind: 'events', dagId, limit: EVENTS_PAGE, offset: page * EVENTS_PAGE });
  return (
    <PagedTable
      view={events}
      what="event log"
      noun="events"
      label="Event log"
      pagerLabel="Event pages"
      className="events-table"
      pageSize={EVENTS_PAGE}
      page={page}
      onPage={setPage}
      columns={COLUMNS}
      empty="No events recorded for this DAG."
      row={(e) => (
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
      )}
    />
  );
}

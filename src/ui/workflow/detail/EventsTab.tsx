import { when } from '../time';
import { useWorkflowView } from '../useWorkflowView';
import { PagedTable, usePaging, type PagedTableText } from './PagedTable';

const EVENTS_PAGE = 25;
const TEXT: PagedTableText = { what: 'event log', noun: 'events', label: 'Event log', pagerLabel: 'Event pages', className: 'events-table', empty: 'No events recorded for this DAG.',
  columns: ['When', 'Event', 'Owner', 'Run', 'Task', 'Extra'] };

/** The DAG's audit log: who paused, triggered, cleared or marked what, and when. */
export function EventsTab({ dagId }: { dagId: string }) {
  const paging = usePaging(EVENTS_PAGE);
  const events = useWorkflowView({ kind: 'events', dagId, ...paging.window });
  return (
    <PagedTable
      view={events}
      paging={paging}
      text={TEXT}
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

import { Play } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { DagDetail } from '../../../../contracts/workflow';
import { describeSchedule } from '../../../model/workflow/schedule';
import { PauseToggle } from '../PauseToggle';
import { TriggerDialog } from '../TriggerDialog';
import { ago, when } from '../time';

/** The DAG's name, switch and trigger, then owner, schedule, next run, tags and description. */
export function DagHeader({ dag }: { dag: DagDetail }) {
  const [triggering, setTriggering] = useState(false);
  return (
    <header className="dag-header">
      <div className="dag-title">
        <PauseToggle dagId={dag.id} isPaused={dag.isPaused} />
        <h2>{dag.displayName}</h2>
        {dag.isPaused && <span className="badge badge-warn">Paused</span>}
        {!dag.isActive && <span className="badge">Inactive</span>}
        {dag.hasImportErrors && <span className="badge badge-danger">Import errors</span>}
        <span className="spacer" />
        <Link className="button small" to="/admin/workflow">
          All DAGs
        </Link>
        <button type="button" className="button small primary" onClick={() => setTriggering(true)}>
          <Play size={14} aria-hidden="true" /> Trigger
        </button>
      </div>
      <dl className="dag-facts">
        <div>
          <dt>Owner</dt>
          <dd>{dag.owners.join(', ') || '—'}</dd>
        </div>
        <div>
          <dt>Schedule</dt>
          <dd title={dag.schedule ?? undefined}>{describeSchedule(dag.schedule)}</dd>
        </div>
        <div>
          <dt>Next run</dt>
          <dd title={when(dag.nextRun)}>{dag.isPaused ? 'Paused' : dag.nextRun ? `${when(dag.nextRun)} (${ago(dag.nextRun)})` : '—'}</dd>
        </div>
        <div>
          <dt>Tags</dt>
          <dd className="tag-row">{dag.tags.length ? dag.tags.map((t) => <Link key={t} className="tag-chip" to={`/admin/workflow?tags=${encodeURIComponent(t)}`}>{t}</Link>) : '—'}</dd>
        </div>
      </dl>
      {dag.description && <p className="dag-description">{dag.description}</p>}
      {triggering && <TriggerDialog dagId={dag.id} isPaused={dag.isPaused} onClose={() => setTriggering(false)} />}
    </header>
  );
}

import { Play } from 'lucide-react';
import { memo, useState } from 'react';
import { Link } from 'react-router-dom';
import type { Dag, DagRun } from '../../../../contracts/workflow';
import { describeSchedule } from '../../../model/workflow/schedule';
import { PauseToggle } from '../PauseToggle';
import { RunDots } from '../RunDots';
import { TriggerDialog } from '../TriggerDialog';
import { ago, when } from '../time';

const NO_RUNS: DagRun[] = [];

export const dagPath = (dagId: string) => `/admin/workflow/${encodeURIComponent(dagId)}`;

/** One DAG: pause switch, id and tags, owner, its last runs (newest first), schedule in words, last and next run, trigger. */
export const DagRow = memo(function DagRow({ dag, recent = NO_RUNS }: { dag: Dag; recent?: DagRun[] }) {
  const [triggering, setTriggering] = useState(false);
  const last = recent[0];
  return (
    <tr data-dag={dag.id} data-paused={dag.isPaused || undefined}>
      <td>
        <PauseToggle dagId={dag.id} isPaused={dag.isPaused} />
      </td>
      <td className="dag-name">
        <Link to={dagPath(dag.id)}>{dag.displayName}</Link>
        {dag.description && <div className="muted small clamp">{dag.description}</div>}
        {dag.tags.length > 0 && (
          <div className="tag-row">
            {dag.tags.map((tag) => <span key={tag} className="tag-chip">{tag}</span>)}
          </div>
        )}
      </td>
      <td className="col-owner">{dag.owners.join(', ')}</td>
      <td className="col-runs">
        <RunDots runs={[...recent].reverse()} />
      </td>
      <td title={dag.schedule ?? undefined}>{describeSchedule(dag.schedule)}</td>
      <td className="col-last">
        {last ? (
          <span title={when(last.runAfter)}>
            <span className={`state-pill state-${last.state}`}>{last.state}</span> <span className="ago">{ago(last.startDate ?? last.runAfter)}</span>
          </span>
        ) : (
          <span className="muted">No runs</span>
        )}
      </td>
      <td className="col-next" title={when(dag.nextRun)}>{dag.isPaused ? <span className="muted">Paused</span> : dag.nextRun ? ago(dag.nextRun) : '—'}</td>
      <td>
        <button type="button" className="icon-button" aria-label={`Trigger ${dag.id}`} title="Trigger a run" onClick={() => setTriggering(true)}>
          <Play size={16} aria-hidden="true" />
        </button>
        {triggering && <TriggerDialog dagId={dag.id} isPaused={dag.isPaused} onClose={() => setTriggering(false)} />}
      </td>
    </tr>
  );
});

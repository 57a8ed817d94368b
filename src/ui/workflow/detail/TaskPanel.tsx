import { useState } from 'react';
import type { TaskInstance } from '../../../../contracts/workflow';
import { duration, when } from '../time';
import { useWorkflows, useWorkflowView } from '../useWorkflowView';
import { ClearDialog } from './ClearDialog';
import { TASK_TABS, type DetailSelection } from './detailParams';
import { LogPane } from './LogPane';
import { MarkDialog } from './MarkDialog';
import { XComList } from './XComList';

const TAB_LABELS = { details: 'Details', logs: 'Logs', xcom: 'XCom' } as const;

interface Props {
  dagId: string;
  runId: string;
  taskId: string;
  selection: DetailSelection;
  onSelect: (change: Partial<DetailSelection>) => void;
}

/** One task instance: its tries, details, log and xcoms, and Airflow's task actions. */
export function TaskPanel({ dagId, runId, taskId, selection, onSelect }: Props) {
  const instances = useWorkflowView({ kind: 'instances', dagId, runId });
  const mapped = (instances.value ?? []).filter((ti) => ti.taskId === taskId);
  const [mapIndex, setMapIndex] = useState<number | null>(null);
  const index = mapIndex ?? mapped[0]?.mapIndex ?? -1;
  const tries = useWorkflowView({ kind: 'tries', dagId, runId, taskId, mapIndex: index });
  const all = tries.value ?? mapped.filter((ti) => ti.mapIndex === index);
  const shown = (selection.tryNumber ? all.find((t) => t.tryNumber === selection.tryNumber) : undefined) ?? all.at(-1);
  const tryNumber = shown?.tryNumber ?? selection.tryNumber ?? 1;
  return (
    <div className="panel-body task-panel" data-testid="task-panel">
      <div className="panel-title">
        <h3 className="mono">{taskId}</h3>
        <button type="button" className="link-button small" onClick={() => onSelect({ taskId: null })}>Back to run</button>
      </div>
      <p className="muted small mono">{runId}</p>
      {mapped.length > 1 && (
        <label className="field-inline">
          Map index
          <select value={index} onChange={(e) => setMapIndex(Number(e.target.value))}>
            {mapped.map((ti) => <option key={ti.mapIndex} value={ti.mapIndex}>{ti.mapIndex} · {ti.state ?? 'no status'}</option>)}
          </select>
        </label>
      )}
      {all.length > 1 && (
        <div className="tries" role="radiogroup" aria-label="Tries">
          {all.map((t) => (
            <button key={t.tryNumber} type="button" role="radio" aria-checked={t.tryNumber === tryNumber} className={`try state-border-${t.state ?? 'none'}${t.tryNumber === tryNumber ? ' on' : ''}`} onClick={() => onSelect({ tryNumber: t.tryNumber })}>
              Try {t.tryNumber}
            </button>
          ))}
        </div>
      )}
      <nav className="panel-tabs" role="tablist" aria-label="Task instance views">
        {TASK_TABS.map((tab) => (
          <button key={tab} type="button" role="tab" aria-selected={selection.taskTab === tab} className={selection.taskTab === tab ? 'on' : ''} onClick={() => onSelect({ taskTab: tab })}>
            {TAB_LABELS[tab]}
          </button>
        ))}
      </nav>
      {selection.taskTab === 'details' && <TaskDetails dagId={dagId} runId={runId} taskId={taskId} mapIndex={index} ti={shown} />}
      {selection.taskTab === 'logs' && <LogPane dagId={dagId} runId={runId} taskId={taskId} mapIndex={index} tryNumber={tryNumber} running={shown?.state === 'running' || shown?.state === 'queued' || shown?.state === 'up_for_retry'} />}
      {selection.taskTab === 'xcom' && <XComList key={index} dagId={dagId} runId={runId} taskId={taskId} mapIndex={index} />}
    </div>
  );
}

function TaskDetails({ dagId, runId, taskId, mapIndex, ti }: { dagId: string; runId: string; taskId: string; mapIndex: number; ti: TaskInstance | undefined }) {
  const workflows = useWorkflows();
  const [asking, setAsking] = useState<'clear' | 'success' | 'failed' | null>(null);
  if (!ti) return <p className="muted small">This task has no instance in this run yet.</p>;
  return (
    <>
      <dl className="facts">
        <dt>State</dt>
        <dd><span className={`state-pill state-${ti.state ?? 'none'}`}>{ti.state ?? 'no status'}</span></dd>
        <dt>Try</dt>
        <dd>{ti.tryNumber} of {ti.maxTries + 1}</dd>
        <dt>Operator</dt>
        <dd>{ti.operator ?? '—'}</dd>
        <dt>Queued</dt>
        <dd>{when(ti.queuedAt)}</dd>
        <dt>Started</dt>
        <dd>{when(ti.startDate)}</dd>
        <dt>Ended</dt>
        <dd>{when(ti.endDate)}</dd>
        <dt>Duration</dt>
        <dd>{duration(ti.startDate, ti.endDate)}</dd>
        <dt>Host</dt>
        <dd>{ti.hostname || '—'}</dd>
        <dt>Pool</dt>
        <dd>{ti.pool ?? '—'}</dd>
      </dl>
      <div className="panel-actions">
        <button type="button" className="button small" disabled={!workflows || ti.state === 'success'} onClick={() => setAsking('success')}>
          Mark success…
        </button>
        <button type="button" className="button small danger" disabled={!workflows || ti.state === 'failed'} onClick={() => setAsking('failed')}>
          Mark failed…
        </button>
        <button type="button" className="button small" disabled={!workflows} onClick={() => setAsking('clear')}>
          Clear…
        </button>
      </div>
      {asking === 'clear' && <ClearDialog dagId={dagId} runId={runId} taskId={taskId} onClose={() => setAsking(null)} />}
      {(asking === 'success' || asking === 'failed') && (
        <MarkDialog dagId={dagId} runId={runId} taskId={taskId} mapIndex={mapIndex} state={asking} onClose={() => setAsking(null)} />
      )}
      <RenderedFields fields={ti.renderedFields} />
    </>
  );
}

/** The task's template fields as the run rendered them, when it has any. */
function RenderedFields({ fields }: { fields: TaskInstance['renderedFields'] }) {
  if (!fields || Object.keys(fields).length === 0) return null;
  return (
    <>
      <h4>Rendered template fields</h4>
      <dl className="facts rendered">
        {Object.entries(fields).map(([name, value]) => (
          <div key={name}>
            <dt className="mono small">{name}</dt>
            <dd><pre className="mono small">{typeof value === 'string' ? value : JSON.stringify(value, null, 2)}</pre></dd>
          </div>
        ))}
      </dl>
    </>
  );
}

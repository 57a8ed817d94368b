import { useState } from 'react';
import { when } from '../time';
import { useWorkflows, useWorkflowView } from '../useWorkflowView';

/** A task instance's xcoms (a mapped task's: one map index's); a value is read when its row is opened (values can be large). */
export function XComList({ dagId, runId, taskId, mapIndex }: { dagId: string; runId: string; taskId: string; mapIndex: number }) {
  const workflows = useWorkflows();
  const xcoms = useWorkflowView({ kind: 'xcoms', dagId, runId, taskId, mapIndex });
  const [values, setValues] = useState<Record<string, string>>({});
  const open = async (key: string) => {
    if (!workflows || key in values) return;
    try {
      const value = await workflows.xcomValue(dagId, runId, taskId, mapIndex, key);
      setValues((v) => ({ ...v, [key]: typeof value === 'string' ? value : JSON.stringify(value, null, 2) }));
    } catch (error) {
      setValues((v) => ({ ...v, [key]: `Could not be read: ${error instanceof Error ? error.message : String(error)}` }));
    }
  };
  const items = xcoms.value ?? [];
  if (xcoms.value && items.length === 0) return <p className="muted small">This task instance pushed no XCom.</p>;
  return (
    <ul className="xcom-list">
      {items.map((x) => (
        <li key={`${x.key}/${x.mapIndex}`}>
          <details onToggle={(e) => (e.currentTarget.open ? void open(x.key) : undefined)}>
            <summary>
              <span className="mono">{x.key}</span> <span className="muted small">{when(x.timestamp)}</span>
            </summary>
            <pre className="mono small">{values[x.key] ?? 'Loading…'}</pre>
          </details>
        </li>
      ))}
    </ul>
  );
}

import type { Dag } from '../../../contracts/workflow';
import type { SearchTarget } from './searchTargets';

export const DAG_TARGET_LIMIT = 10;

/** DAGs as Ctrl+K targets that open their page; `keyword` is set for the server's hits (already matched). */
export function dagTargets(dags: readonly Dag[], keyword?: string): SearchTarget[] {
  return dags.map((dag) => ({
    id: `dag:${dag.id}`,
    group: 'DAGs',
    label: dag.displayName,
    hint: [dag.owners.join(', '), ...dag.tags].filter(Boolean).join(' · ') || 'DAG',
    icon: 'workflow',
    to: `/admin/workflow/${encodeURIComponent(dag.id)}`,
    keywords: [dag.id, ...dag.tags, ...(keyword ? [keyword] : [])],
  }));
}

/** The kept DAGs whose id or display name holds the text; whether to ask the server too. */
export function cachedDagSearch(dags: readonly Dag[] | undefined, text: string): { targets: SearchTarget[]; askServer: boolean } {
  const needle = text.trim().toLowerCase();
  if (needle.length < 2) return { targets: [], askServer: false };
  const found = (dags ?? []).filter((d) => `${d.id}\n${d.displayName}`.toLowerCase().includes(needle)).slice(0, DAG_TARGET_LIMIT);
  return { targets: dagTargets(found), askServer: found.length === 0 };
}

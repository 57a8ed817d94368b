import { useState } from 'react';
import { RUN_STATES, type Dag, type DagSort } from '../../../../contracts/workflow';
import type { DagListFilters } from '../dagListParams';

const SORT_LABELS: Record<DagSort, string> = {
  dag_id: 'DAG id A–Z',
  '-dag_id': 'DAG id Z–A',
  next_dagrun: 'Next run, soonest first',
  '-next_dagrun': 'Next run, latest first',
  last_run: 'Last run, oldest first',
  '-last_run': 'Last run, newest first',
};

interface Props {
  filters: DagListFilters;
  onChange: (change: Partial<DagListFilters>) => void;
  /** The DAGs shown now: their tags and owners are offered as choices. */
  seen: Dag[];
}

/** Tags, owner, paused/active, last run state and sort; every change goes to the URL. */
export function DagFilters({ filters, onChange, seen }: Props) {
  const [tag, setTag] = useState('');
  const tags = [...new Set(seen.flatMap((d) => d.tags))].filter((t) => !filters.tags.includes(t)).sort();
  const owners = [...new Set(seen.flatMap((d) => d.owners))].sort();
  const addTag = () => {
    const name = tag.trim();
    if (name && !filters.tags.includes(name)) onChange({ tags: [...filters.tags, name] });
    setTag('');
  };
  return (
    <div className="dag-filters" role="group" aria-label="DAG filters">
      <div className="segmented" role="radiogroup" aria-label="Paused or active">
        {(['all', 'active', 'paused'] as const).map((status) => (
          <button key={status} type="button" role="radio" aria-checked={filters.status === status} className={filters.status === status ? 'on' : ''} onClick={() => onChange({ status })}>
            {status === 'all' ? 'All' : status === 'active' ? 'Active' : 'Paused'}
          </button>
        ))}
      </div>
      <label className="field-inline">
        Last run
        <select value={filters.lastRunState} onChange={(e) => onChange({ lastRunState: e.target.value as DagListFilters['lastRunState'] })}>
          <option value="">Any</option>
          {RUN_STATES.map((s) => <option key={s} value={s}>{s}</option>)}
        </select>
      </label>
      <label className="field-inline">
        Owner
        <input list="dag-owners" value={filters.owner} placeholder="Any" onChange={(e) => onChange({ owner: e.target.value.trim() })} size={10} />
        <datalist id="dag-owners">{owners.map((o) => <option key={o} value={o} />)}</datalist>
      </label>
      <div className="tag-filter">
        {filters.tags.map((name) => (
          <span key={name} className="tag-chip on">
            {name}
            <button type="button" aria-label={`Remove tag filter ${name}`} onClick={() => onChange({ tags: filters.tags.filter((t) => t !== name) })}>×</button>
          </span>
        ))}
        <input
          list="dag-tags"
          aria-label="Filter by tag"
          placeholder="Add tag filter"
          value={tag}
          size={12}
          onChange={(e) => setTag(e.target.value)}
          onKeyDown={(e) => e.key === 'Enter' && addTag()}
          onBlur={addTag}
        />
        <datalist id="dag-tags">{tags.map((t) => <option key={t} value={t} />)}</datalist>
      </div>
      <label className="field-inline sort">
        Sort
        <select value={filters.sort} onChange={(e) => onChange({ sort: e.target.value as DagSort })}>
          {Object.entries(SORT_LABELS).map(([value, label]) => <option key={value} value={value}>{label}</option>)}
        </select>
      </label>
    </div>
  );
}

import { ArrowDownWideNarrow, ArrowUpNarrowWide, X } from 'lucide-react';
import { DateTimeInput } from '../components/DateTimeInput';
import { hasFilter, type Filters, type SortKey } from './workspaceFilters';

interface Props {
  filters: Filters;
  owners: string[];
  /** The filters changed (only those; the others stay as the URL has them). */
  onChange: (change: Partial<Filters>) => void;
}

/** Type, owner, modified range and sort; the name filter is the page's search box (q). */
export function FilterBar({ filters, owners, onChange }: Props) {
  const set = onChange;
  const searching = hasFilter(filters);
  return (
    <div className="filter-bar" role="group" aria-label="Filters">
      <label className="filter-field">
        <span>Type</span>
        <select aria-label="Type" value={filters.type ?? ''} onChange={(e) => set({ type: e.target.value === '' ? null : (e.target.value as Filters['type']) })}>
          <option value="">Any</option>
          <option value="notebook">Notebooks</option>
          <option value="folder">Folders</option>
        </select>
      </label>
      <label className="filter-field">
        <span>Owner</span>
        <select aria-label="Owner" value={filters.owner} onChange={(e) => set({ owner: e.target.value })}>
          <option value="">Anyone</option>
          {owners.map((owner) => (
            <option key={owner} value={owner}>
              {owner}
            </option>
          ))}
        </select>
      </label>
      <div className="filter-field filter-date">
        <DateTimeInput label="Modified from" value={filters.from} clearable placeholder="Any time" maxDate={filters.to ? new Date(filters.to) : null} onChange={(d) => set({ from: d?.toISOString() ?? null })} />
      </div>
      <div className="filter-field filter-date">
        <DateTimeInput label="to" value={filters.to} clearable placeholder="Any time" minDate={filters.from ? new Date(filters.from) : null} onChange={(d) => set({ to: d?.toISOString() ?? null })} />
      </div>
      <label className="filter-field">
        <span>Sort by</span>
        <select aria-label="Sort by" value={filters.sort} onChange={(e) => set({ sort: e.target.value as SortKey })}>
          <option value="name">Name</option>
          <option value="type">Type</option>
          <option value="modified">Modified</option>
        </select>
      </label>
      <button
        type="button"
        className="icon-button filter-dir"
        aria-label={filters.dir === 'asc' ? 'Ascending (switch to descending)' : 'Descending (switch to ascending)'}
        title={filters.dir === 'asc' ? 'Ascending' : 'Descending'}
        onClick={() => set({ dir: filters.dir === 'asc' ? 'desc' : 'asc' })}
      >
        {filters.dir === 'asc' ? <ArrowUpNarrowWide size={18} aria-hidden="true" /> : <ArrowDownWideNarrow size={18} aria-hidden="true" />}
      </button>
      {searching && (
        <button type="button" className="button small" onClick={() => set({ q: '', type: null, owner: '', from: null, to: null })}>
          <X size={14} aria-hidden="true" /> Clear filters
        </button>
      )}
    </div>
  );
}

/** Where the list looks, in words: the folder shown, or the whole workspace while a filter is set. */
export function scopeNote(filters: Filters, count: number): string {
  const items = `${count} ${count === 1 ? 'item' : 'items'}`;
  if (filters.view === 'favourites') return `${items} starred, from the whole workspace.`;
  if (filters.view === 'trash') return `${items} in the trash. Restore puts an item back where it was.`;
  return hasFilter(filters) ? `${items} found in the whole workspace (subfolders too).` : `${items} in this folder. A filter searches the whole workspace.`;
}

import { format } from 'date-fns';
import { X } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { WorkspaceItem } from '../../model/workspace/view';
import type { DetailsAnswer } from '../../commands/workspace/details';
import { humanBytes } from './units';

interface Props {
  /** The selected item, or null: then the panel says to select one. */
  item: WorkspaceItem | null;
  load: (path: string) => Promise<DetailsAnswer>;
  onClose: () => void;
}

const when = (iso: string) => (iso && !Number.isNaN(Date.parse(iso)) ? format(new Date(iso), 'MMM d, yyyy HH:mm') : '—');

/** What the server knows beyond the listing (size, kernel, cells), asked again when the item changes. */
function useDetails(item: WorkspaceItem | null, load: Props['load']) {
  const [answer, setAnswer] = useState<{ key: string; value: DetailsAnswer } | null>(null);
  const path = item && !item.isDeleted ? item.path : null;
  // Asked again when the item is saved anew (its version), not on every refresh of the listing.
  const key = path === null ? '' : `${path}@${item?.version ?? ''}`;
  useEffect(() => {
    if (path === null) return;
    let live = true;
    void load(path).then((value) => live && setAnswer({ key, value }));
    return () => {
      live = false;
    };
  }, [path, key, load]);
  return answer?.key === key ? answer.value : null;
}

export function DetailsPanel({ item, load, onClose }: Props) {
  const details = useDetails(item, load);
  const row = (label: string, value: string) => (
    <div className="details-row" key={label}>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
  const known = details?.ok ? details : null;
  return (
    <aside className="details-panel card" aria-label="Details">
      <header className="details-head">
        <h2>{item ? item.name : 'Details'}</h2>
        <button type="button" className="icon-button" aria-label="Close details" onClick={onClose}>
          <X size={16} aria-hidden="true" />
        </button>
      </header>
      {!item ? (
        <p className="muted">Select an item to see its details.</p>
      ) : (
        <dl className="details-list">
          {row('Type', item.type === 'folder' ? 'Folder' : 'Notebook')}
          {row('Location', item.parentPath ? `Workspace / ${item.parentPath.split('/').join(' / ')}` : 'Workspace')}
          {row('Owner', item.owner || '—')}
          {row('Created', when(item.createdAt))}
          {row('Modified', when(item.updatedAt))}
          {row('Size', known ? (known.size === null ? '—' : humanBytes(known.size)) : details ? '—' : 'Loading…')}
          {item.type === 'notebook' && row('Kernel', known ? (known.kernel ?? 'None') : '…')}
          {item.type === 'notebook' && row('Cells', known?.cellCount != null ? String(known.cellCount) : '…')}
          {item.type === 'folder' && known?.items != null && row('Items', String(known.items))}
        </dl>
      )}
      {details && !details.ok && <p className="field-error">{details.message}</p>}
    </aside>
  );
}

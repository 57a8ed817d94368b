import { useEffect, useState } from 'react';
import { useSignedIn } from '../appContext';

const mb = (bytes: number) => (bytes >= 2 ** 30 ? `${(bytes / 2 ** 30).toFixed(1)} GB` : `${(bytes / 2 ** 20).toFixed(1)} MB`);

/** How much of the browser's storage quota the console's data uses, and whether it is kept for sure. */
export function StorageMeter() {
  const [estimate, setEstimate] = useState<{ usage: number; quota: number } | null | undefined>(undefined);
  const [persisted, setPersisted] = useState<boolean | null>(null);
  const { storageEstimate } = useSignedIn();
  useEffect(() => {
    void storageEstimate().then(setEstimate);
    void navigator.storage?.persisted?.().then(setPersisted);
  }, [storageEstimate]);
  if (estimate === undefined) return null;
  if (estimate === null) return <p className="muted">This browser does not report storage use.</p>;
  const share = estimate.quota > 0 ? Math.min(100, (estimate.usage / estimate.quota) * 100) : 0;
  return (
    <div className="storage-meter" data-testid="storage-meter">
      <span>
        {mb(estimate.usage)} of {mb(estimate.quota)} used
      </span>
      <div className="meter" role="meter" aria-label="Storage used" aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(share)}>
        <span style={{ width: `${Math.max(share, 0.5)}%` }} />
      </div>
      <span className="muted">
        {persisted ? 'Persistent: the browser will not clear it to free space.' : 'Best effort: the browser may clear it when space runs low.'}
      </span>
    </div>
  );
}

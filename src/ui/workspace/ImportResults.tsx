import { X } from 'lucide-react';
import { useEffect, useRef } from 'react';
import type { ImportReport } from '../../commands/notebook/import';

const nameOf = (path: string) => path.slice(path.lastIndexOf('/') + 1);

/** Whether an import has more to say than its toast: files refused, renamed after a clash, or repaired. */
export function worthShowing(report: ImportReport): boolean {
  return report.failed.length > 0 || report.imported.some((item) => nameOf(item.path) !== item.file || item.warnings.length > 0);
}

/** What the last import did, file by file: each refused file with its reason, each imported one with the name it got. */
export function ImportResults({ report, focusKey, onClose }: { report: ImportReport; focusKey: number; onClose: () => void }) {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    // The toast's Details action asks for the list: bring it into view and give it focus.
    if (focusKey === 0) return;
    ref.current?.scrollIntoView({ block: 'nearest' });
    ref.current?.focus();
  }, [focusKey]);
  const { imported, failed } = report;
  return (
    <section ref={ref} className="import-results card" aria-labelledby="import-results-title" tabIndex={-1}>
      <header className="import-results-head">
        <h2 id="import-results-title">Import results</h2>
        <span className="muted">
          {imported.length} imported, {failed.length} not imported
        </span>
        <button type="button" className="icon-button" aria-label="Close import results" onClick={onClose}>
          <X size={16} aria-hidden="true" />
        </button>
      </header>
      {failed.length > 0 && (
        <>
          <h3>Not imported</h3>
          <ul className="import-list" aria-label="Not imported">
            {failed.map((item, i) => (
              <li key={`${i}:${item.file}`} className="import-failed">
                <strong>{item.file}</strong>
                <span>{item.reason}</span>
              </li>
            ))}
          </ul>
        </>
      )}
      {imported.length > 0 && (
        <>
          <h3>Imported</h3>
          <ul className="import-list" aria-label="Imported">
            {imported.map((item) => (
              <li key={item.path}>
                <strong>{nameOf(item.path)}</strong>
                {nameOf(item.path) !== item.file && <span className="muted"> (from {item.file}: that name was taken)</span>}
                {item.warnings.map((warning) => (
                  <span key={warning} className="muted">
                    {warning}
                  </span>
                ))}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

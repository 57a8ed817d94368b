import { useCallback, useState } from 'react';
import type { ImportReport } from '../../commands/notebook/import';
import { useSignedIn } from '../appContext';
import { worthShowing } from './ImportResults';

/**
 * Imports files into a folder through the workspace commands, and keeps the last import's
 * per-file results for the page to show; the toast's Details action shows them again.
 */
export function useNotebookImport() {
  const { workspace } = useSignedIn();
  const [results, setResults] = useState<{ report: ImportReport; focusKey: number } | null>(null);

  const importInto = useCallback(
    async (folder: string, files: File[]) => {
      if (files.length === 0) return;
      const done: { report?: ImportReport } = {};
      const showDetails = () => {
        const { report } = done;
        if (report) setResults((shown) => ({ report, focusKey: (shown?.focusKey ?? 0) + 1 }));
      };
      const report = await workspace.importNotebooks(folder, files, showDetails);
      done.report = report;
      setResults(worthShowing(report) ? { report, focusKey: 0 } : null);
    },
    [workspace],
  );
  return { results, importInto, closeResults: () => setResults(null) };
}

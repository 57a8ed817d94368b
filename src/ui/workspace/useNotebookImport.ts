import { useCallback, useState } from 'react';
import type { ImportReport } from '../../commands/notebookImport';
import { useSignedIn } from '../appContext';
import { worthShowing } from './ImportResults';
import { checkSizes } from './uploadLimit';

/**
 * Imports files into a folder through the workspace commands, and keeps the last import's
 * per-file results for the page to show; the toast's Details action shows them again.
 * Files over the server's limit are refused here, by name, before anything is read or sent.
 */
export function useNotebookImport(maxBytes: number) {
  const { workspace } = useSignedIn();
  const [results, setResults] = useState<{ report: ImportReport; focusKey: number } | null>(null);

  const importInto = useCallback(
    async (folder: string, files: File[]) => {
      if (files.length === 0) return;
      const { ok, refused } = checkSizes(files, maxBytes);
      const done: { report?: ImportReport } = {};
      const showDetails = () => {
        const { report } = done;
        if (report) setResults((shown) => ({ report, focusKey: (shown?.focusKey ?? 0) + 1 }));
      };
      const imported = ok.length > 0 ? await workspace.importNotebooks(folder, ok, showDetails) : { imported: [], failed: [] };
      const report: ImportReport = { imported: imported.imported, failed: [...refused, ...imported.failed] };
      done.report = report;
      setResults(worthShowing(report) ? { report, focusKey: 0 } : null);
    },
    [workspace, maxBytes],
  );
  return { results, importInto, closeResults: () => setResults(null) };
}

import { Download } from 'lucide-react';
import type { Nbformat45 } from '../../../model/nbformat/types';
import { useSignedIn } from '../../appContext';
import { saveAsFile } from '../../workspace/browserFiles';

/** The kernel a notebook names: its kernelspec's display name, else its language. */
function kernelOf({ metadata }: Nbformat45): string | null {
  const spec = metadata.kernelspec as { display_name?: unknown; name?: unknown } | undefined;
  const language = (metadata.language_info as { name?: unknown } | undefined)?.name;
  const name = spec?.display_name ?? spec?.name ?? language;
  return typeof name === 'string' && name ? name : null;
}

/** What the notebook says it runs on and how many cells it has, and its download (the file as the server stores it). */
export function NotebookMeta({ notebook, path }: { notebook: Nbformat45; path: string }) {
  const { workspace } = useSignedIn();
  const download = async () => {
    const file = await workspace.downloadNotebook(path);
    if (file.ok) saveAsFile(file.content, file.fileName);
  };
  const count = notebook.cells.length;
  const kernel = kernelOf(notebook);
  return (
    <p className="muted notebook-meta" data-testid="notebook-meta">
      {/* What the file was written with; what runs it is the toolbar's kernel (Pyodide, say). */}
      {kernel && <span>Saved with {kernel}</span>}
      <span>
        {count} {count === 1 ? 'cell' : 'cells'}
      </span>
      <button type="button" className="button" onClick={() => void download()}>
        <Download size={16} aria-hidden="true" /> Download
      </button>
    </p>
  );
}

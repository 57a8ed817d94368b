import { Download } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { parseNotebook } from '../../notebook/parse';
import type { Nbformat45 } from '../../notebook/types';
import { useSignedIn } from '../appContext';
import { Loading } from '../components/Loading';
import { saveAsFile } from '../workspace/browserFiles';
import { parentOf } from '../workspace/names';
import { NotebookCells } from './NotebookCells';
import './notebook.css';

type View =
  | { state: 'loading'; path: string }
  | { state: 'failed'; path: string; message: string }
  | { state: 'ready'; path: string; notebook: Nbformat45; fromDevice: boolean };

/** The kernel a notebook names: its kernelspec's display name, else its language. */
function kernelOf({ metadata }: Nbformat45): string {
  const spec = metadata.kernelspec as { display_name?: unknown; name?: unknown } | undefined;
  const language = (metadata.language_info as { name?: unknown } | undefined)?.name;
  const name = spec?.display_name ?? spec?.name ?? language;
  return typeof name === 'string' && name ? name : 'unknown';
}

function useNotebook(path: string): View {
  const { workspace } = useSignedIn();
  const [view, setView] = useState<View>({ state: 'loading', path });
  useEffect(() => {
    let current = true;
    void workspace.readNotebook(path).then((file) => {
      if (!current) return;
      if (!file.ok) return setView({ state: 'failed', path, message: file.message });
      const parsed = parseNotebook(file.content, file.fileName);
      if (!parsed.ok) return setView({ state: 'failed', path, message: `This file cannot be shown as a notebook: ${parsed.reason}` });
      setView({ state: 'ready', path, notebook: parsed.notebook, fromDevice: file.from === 'device' });
    });
    return () => {
      current = false;
    };
  }, [workspace, path]);
  // A view of another path (the URL changed) is not shown while the new one loads.
  return view.path === path ? view : { state: 'loading', path };
}

/**
 * A notebook, read-only: its cells in order with rendered markdown and sanitised outputs, until
 * the notebook editor (issue 17) takes this route over.
 */
export function NotebookViewPage() {
  const [params] = useSearchParams();
  const path = params.get('path') ?? '';
  const { workspace } = useSignedIn();
  const view = useNotebook(path);
  const name = path.slice(path.lastIndexOf('/') + 1);
  const folder = parentOf(path);
  const download = async () => {
    const file = await workspace.downloadNotebook(path);
    if (file.ok) saveAsFile(file.content, file.fileName);
  };
  return (
    <article className="notebook-view" aria-labelledby="notebook-title">
      <header className="notebook-head">
        <nav aria-label="Folder" className="breadcrumb">
          <Link to={folder ? `/admin/workspace?folder=${encodeURIComponent(folder)}` : '/admin/workspace'}>{folder || 'Workspace'}</Link>
          <span aria-hidden="true"> / </span>
        </nav>
        <h2 id="notebook-title">{name || 'No notebook given'}</h2>
        <span className="badge">Read-only</span>
        <div className="toolbar-spacer" />
        {view.state === 'ready' && (
          <button type="button" className="button" onClick={() => void download()}>
            <Download size={16} aria-hidden="true" /> Download
          </button>
        )}
      </header>
      {view.state === 'loading' && <Loading />}
      {view.state === 'failed' && (
        <p className="nb-failed" role="alert">
          {view.message}
        </p>
      )}
      {view.state === 'ready' && (
        <>
          <p className="muted notebook-meta" data-testid="notebook-meta">
            <span>Kernel: {kernelOf(view.notebook)}</span>
            <span>
              {view.notebook.cells.length} {view.notebook.cells.length === 1 ? 'cell' : 'cells'}
            </span>
            {view.fromDevice && <span>Shown from this device (the server cannot give it now)</span>}
            <span>The notebook editor is not built yet: this view is read-only.</span>
          </p>
          <NotebookCells notebook={view.notebook} />
        </>
      )}
    </article>
  );
}

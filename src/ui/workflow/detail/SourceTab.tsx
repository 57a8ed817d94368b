import { Copy, Download } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import type { DagDetail } from '../../../../contracts/workflow';
import type { highlightLines } from '../../components/highlight/highlight';
import { CacheNote } from '../CacheNote';
import { useWorkflowView } from '../useWorkflowView';
import { copyText, downloadFile, textBlob } from '../../components/fileActions';

type Highlight = typeof highlightLines;

/** The notebook cells' Python grammar, loaded once when the source is first shown (their chunk). */
function useHighlighter(): Highlight | null {
  const [highlight, setHighlight] = useState<{ lines: Highlight } | null>(null);
  useEffect(() => {
    let live = true;
    void import('../../components/highlight/highlight').then((module) => {
      if (live) setHighlight({ lines: module.highlightLines });
    });
    return () => {
      live = false;
    };
  }, []);
  return highlight?.lines ?? null;
}

/** The DAG's Python file, coloured, with line numbers (not copied with the code), copy and download. */
export function SourceTab({ dag }: { dag: DagDetail }) {
  const source = useWorkflowView({ kind: 'source', dagId: dag.id, sourceKey: dag.sourceKey });
  const highlight = useHighlighter();
  const text = source.value ?? '';
  const lines = useMemo(() => (highlight ? highlight(text, 'python') : null), [highlight, text]);
  const count = text.split('\n').length;
  const fileName = dag.fileloc.split('/').pop() || `${dag.id}.py`;
  if (source.value === undefined) {
    return <p className="muted">{source.loading ? 'Loading the source…' : `The source could not be loaded: ${source.error ?? 'unknown error'}`}</p>;
  }
  return (
    <div className="source-view">
      <CacheNote fetchedAt={source.fetchedAt} error={source.error} what="source" />
      <div className="source-bar">
        <span className="mono small" title={dag.fileloc}>{dag.fileloc}</span>
        <span className="spacer" />
        <button type="button" className="button small" onClick={() => void copyText(text, 'The source')}>
          <Copy size={14} aria-hidden="true" /> Copy
        </button>
        <button type="button" className="button small" onClick={() => downloadFile(textBlob(text, 'text/x-python'), fileName)}>
          <Download size={14} aria-hidden="true" /> Download
        </button>
      </div>
      <div className="source-body" aria-label="DAG source">
        <pre className="source-gutter" aria-hidden="true">
          {Array.from({ length: count }, (_, i) => i + 1).join('\n')}
        </pre>
        <pre className="source-code">
          <code>
            {lines
              ? lines.map((runs, row) => (
                  <span key={row}>
                    {runs.map((run, i) => (run.kind ? <span key={i} className={run.kind}>{run.text}</span> : run.text))}
                    {row < lines.length - 1 ? '\n' : ''}
                  </span>
                ))
              : text}
          </code>
        </pre>
      </div>
    </div>
  );
}

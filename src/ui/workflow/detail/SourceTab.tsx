import { Copy, Download } from 'lucide-react';
import { useMemo } from 'react';
import type { DagDetail } from '../../../../contracts/workflow';
import { HighlighterProvider, TokenLines, useHighlighter } from '../../components/highlight/HighlightedSource';
import { CacheNote } from '../CacheNote';
import { useWorkflowView } from '../useWorkflowView';
import { copyText, downloadFile, textBlob } from '../../components/fileActions';

/** The DAG's Python file, coloured (the notebook cells' grammar, loaded when first shown), with line numbers (not copied with the code), copy and download. */
export function SourceTab({ dag }: { dag: DagDetail }) {
  return (
    <HighlighterProvider>
      <Source dag={dag} />
    </HighlighterProvider>
  );
}

function Source({ dag }: { dag: DagDetail }) {
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
          <code>{lines ? <TokenLines lines={lines} /> : text}</code>
        </pre>
      </div>
    </div>
  );
}

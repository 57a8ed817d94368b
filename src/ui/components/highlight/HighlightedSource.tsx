import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { EditableType } from '../../../model/notebookDoc/edits';
import { useRenderCache, type RenderCache } from '../../notebook/renderCache';
import type { highlightLines, TokenRun } from './highlight';

type Highlight = typeof highlightLines;

const HighlighterContext = createContext<Highlight | null>(null);

/** Loads the grammars once for the whole list (their own chunk, with the cell editor's), so a cell scrolled into view colours itself at once. */
export function HighlighterProvider({ children }: { children: ReactNode }) {
  const [highlight, setHighlight] = useState<{ lines: Highlight } | null>(null);
  useEffect(() => {
    let current = true;
    void import('./highlight').then((module) => {
      if (current) setHighlight({ lines: module.highlightLines });
    });
    return () => {
      current = false;
    };
  }, []);
  return <HighlighterContext.Provider value={highlight?.lines ?? null}>{children}</HighlighterContext.Provider>;
}

/** The language a cell of this type is edited and coloured in. */
export function cellLanguage(type: EditableType): 'python' | 'sql' | 'markdown' | 'plaintext' {
  return type === 'sql' ? 'sql' : type === 'code' ? 'python' : type === 'markdown' ? 'markdown' : 'plaintext';
}

/** The grammars once they have loaded, else null. */
export function useHighlighter(): Highlight | null {
  return useContext(HighlighterContext);
}

export function cachedHighlight(cache: RenderCache, highlight: Highlight, source: string, language: string): TokenRun[][] {
  return cache(`highlight:${language}`, source, () => highlight(source, language));
}

/**
 * A cell's code as coloured text, for the cells without an editor: the same font, line height and colours
 * as the editor, so mounting the editor moves nothing. Plain until the grammars have loaded.
 */
export function HighlightedSource({ source, language }: { source: string; language: string }) {
  const highlight = useHighlighter();
  const cache = useRenderCache();
  const lines = useMemo(() => (highlight ? cachedHighlight(cache, highlight, source, language) : null), [cache, highlight, source, language]);
  return (
    <pre className="nb-plain">
      <code>{lines ? <TokenLines lines={lines} /> : source || ' '}</code>
    </pre>
  );
}

/** Coloured lines: each token run in its kind's class, the lines joined by newlines. */
export function TokenLines({ lines }: { lines: TokenRun[][] }) {
  return lines.map((runs, row) => (
    <span key={row}>
      {runs.map((run, i) => (run.kind ? <span key={i} className={run.kind}>{run.text}</span> : run.text))}
      {row < lines.length - 1 ? '\n' : ''}
    </span>
  ));
}

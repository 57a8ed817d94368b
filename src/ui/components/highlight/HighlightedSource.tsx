import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { EditableType } from '../../../model/notebookDoc/edits';
import { useRenderCache, type RenderCache } from '../../notebook/renderCache';
import type { highlightLines, TokenRun } from './highlight';
import { foldedSize, foldLongLines } from './fold';

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
 * as the editor, so mounting the editor moves nothing. Plain until the grammars have loaded. A very
 * long line shows folded (fold.ts), saying how much more it holds; the editor shows it whole.
 */
export function HighlightedSource({ source, language }: { source: string; language: string }) {
  const highlight = useHighlighter();
  const cache = useRenderCache();
  const folded = useMemo(() => foldLongLines(source), [source]);
  const lines = useMemo(() => (highlight ? cachedHighlight(cache, highlight, folded.text, language) : null), [cache, highlight, folded, language]);
  return (
    <>
      <pre className="nb-plain">
        <code>{lines ? <TokenLines lines={lines} hidden={folded.hidden} /> : <PlainLines text={folded.text} hidden={folded.hidden} />}</code>
      </pre>
      <FoldNotice hidden={folded.hidden} />
    </>
  );
}

/** Where a line is cut. */
function FoldMark({ chars }: { chars: number }) {
  return (
    <span className="nb-fold-mark" title={`${foldedSize(chars)} more on this line`}>
      …
    </span>
  );
}

/** Under a cell whose long lines are folded: which, how much, and where to see them whole (the cell's editor). */
function FoldNotice({ hidden }: { hidden: ReadonlyMap<number, number> }) {
  if (hidden.size === 0) return null;
  const [[row, chars], ...more] = hidden;
  const which = more.length === 0 ? `Line ${row + 1} is folded: ${foldedSize(chars)} more than shown` : `${hidden.size} long lines are folded`;
  return <p className="nb-fold">{which}. Edit the cell to see it all.</p>;
}

/** Text without colours, its folded lines marked. */
function PlainLines({ text, hidden }: { text: string; hidden: ReadonlyMap<number, number> }) {
  if (hidden.size === 0) return text || ' ';
  return text.split('\n').map((line, row, all) => (
    <span key={row}>
      {line}
      {hidden.has(row) && <FoldMark chars={hidden.get(row)!} />}
      {row < all.length - 1 ? '\n' : ''}
    </span>
  ));
}

/** Coloured lines: each token run in its kind's class, the lines joined by newlines, folded lines marked. */
export function TokenLines({ lines, hidden }: { lines: TokenRun[][]; hidden?: ReadonlyMap<number, number> }) {
  return lines.map((runs, row) => (
    <span key={row}>
      {runs.map((run, i) => (run.kind ? <span key={i} className={run.kind}>{run.text}</span> : run.text))}
      {hidden?.has(row) && <FoldMark chars={hidden.get(row)!} />}
      {row < lines.length - 1 ? '\n' : ''}
    </span>
  ));
}

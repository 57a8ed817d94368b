import { useEffect, useMemo, useState } from 'react';
import type { highlightLines as Highlight } from './highlight';

/**
 * A cell's code as coloured text, for the cells without an editor: the same font and line height as
 * Monaco, so mounting the editor moves nothing. Plain until Monaco's grammars have loaded.
 */
export function HighlightedSource({ source, language }: { source: string; language: string }) {
  const [highlight, setHighlight] = useState<{ language: string; lines: typeof Highlight } | null>(null);
  useEffect(() => {
    let current = true;
    void import('./highlight').then(async (module) => {
      await module.grammarReady(language);
      if (current) setHighlight({ language, lines: module.highlightLines });
    });
    return () => {
      current = false;
    };
  }, [language]);
  const lines = useMemo(() => (highlight?.language === language ? highlight.lines(source, language) : null), [highlight, source, language]);
  return (
    <pre className="nb-plain">
      <code>
        {lines
          ? lines.map((runs, row) => (
              <span key={row}>
                {runs.map((run, i) => (run.kind ? <span key={i} className={`nb-tk-${run.kind}`}>{run.text}</span> : run.text))}
                {row < lines.length - 1 ? '\n' : ''}
              </span>
            ))
          : source || ' '}
      </code>
    </pre>
  );
}

import { useState } from 'react';
import type { ErrorOutput, MimeBundle, Output } from '../../model/nbformat/types';
import { DATA_RESOURCE, DataGrid, tableOf } from './DataGrid';
import { HtmlFrame } from './HtmlFrame';
import { JsonTree } from './JsonTree';
import { latexHtml, mayHaveMath } from './math';
import { useTex } from './MathProvider';
import { imageUrl, sanitize, textOf } from './render';
import { cachedAnsi, cachedMarkdown, useRenderCache } from './renderCache';
import { cutText } from './truncate';

const WIDGET_VIEW = 'application/vnd.jupyter.widget-view+json';

/** The richest form of a result that can be shown safely, in JupyterLab's order of preference. */
const SHOWN = [
  'text/html',
  'text/markdown',
  'text/latex',
  'image/svg+xml',
  'image/png',
  'image/jpeg',
  'image/gif',
  'application/json',
  'text/plain',
] as const;

/** Terminal text (ANSI colours escaped into spans), cut when long with a button that shows all of it. */
export function LongText({ text, className }: { text: string; className: string }) {
  const [all, setAll] = useState(false);
  const cache = useRenderCache();
  const cut = all ? null : cutText(text);
  return (
    <div className="nb-long">
      <pre className={`nb-text ${className}`} dangerouslySetInnerHTML={{ __html: cachedAnsi(cache, cut ? cut.head : text) }} />
      {cut && (
        <button type="button" className="nb-more" onClick={() => setAll(true)}>
          Show more ({cut.hiddenLines} more {cut.hiddenLines === 1 ? 'line' : 'lines'}, {Math.ceil(cut.hiddenChars / 1024)} KB)
        </button>
      )}
    </div>
  );
}

function Markdown({ source }: { source: string }) {
  const tex = useTex(mayHaveMath(source));
  const cache = useRenderCache();
  return <div className="nb-markdown" dangerouslySetInnerHTML={{ __html: cachedMarkdown(cache, source, tex) }} />;
}

function Latex({ source }: { source: string }) {
  const tex = useTex(true);
  // Focusable: a wide formula (numbered equations reach the right edge) scrolls sideways by keyboard too.
  return <div className="nb-latex" role="group" aria-label="LaTeX output" tabIndex={0} dangerouslySetInnerHTML={{ __html: sanitize(latexHtml(source, tex)) }} />;
}

/** ipywidgets need a live kernel and their JavaScript: say so, and show what the kernel gave as text. */
function Widget({ data }: { data: MimeBundle }) {
  const fallback = textOf(data['text/plain']);
  return (
    <div className="nb-widget" role="note">
      <p className="nb-widget-note">Interactive widget not supported here.</p>
      {fallback && <LongText text={fallback} className="nb-widget-text" />}
    </div>
  );
}

function Bundle({ data }: { data: MimeBundle }) {
  if (WIDGET_VIEW in data) return <Widget data={data} />;
  const table = tableOf(data[DATA_RESOURCE]);
  if (table) return <DataGrid table={table} />;
  const type = SHOWN.find((mime) => mime in data);
  // An empty display (display() with nothing, a widget's placeholder): JupyterLab shows nothing.
  if (!type && Object.keys(data).length === 0) return null;
  if (!type) return <p className="muted nb-unshown">Output of type {Object.keys(data).join(', ') || 'none'} is not shown here.</p>;
  const value = data[type];
  switch (type) {
    case 'text/html':
      return <HtmlFrame html={textOf(value)} />;
    case 'text/markdown':
      return <Markdown source={textOf(value)} />;
    case 'text/latex':
      return <Latex source={textOf(value)} />;
    case 'application/json':
      return <JsonTree value={value} />;
    case 'text/plain':
      return <LongText text={textOf(value)} className="nb-plain" />;
    default:
      return <img className="nb-image" src={imageUrl(type, value)} alt={textOf(data['text/plain']) || `${type} output`} />;
  }
}

const errorText = (output: ErrorOutput) => (output.traceback.length > 0 ? output.traceback.join('\n') : `${output.ename}: ${output.evalue}`);

/** The terminal text an output shows as LongText (a stream, an error, a plain result), or null when it shows something else. */
export function terminalTextOf(output: Output): string | null {
  if (output.output_type === 'stream') return output.text;
  if (output.output_type === 'error') return errorText(output);
  const data = output.data;
  if (WIDGET_VIEW in data || tableOf(data[DATA_RESOURCE])) return null;
  return SHOWN.find((mime) => mime in data) === 'text/plain' ? textOf(data['text/plain']) : null;
}

/** One output of a code cell (nbformat or a live run's NbOutput: the same shapes). */
export function OutputView({ output }: { output: Output }) {
  switch (output.output_type) {
    case 'stream':
      return <LongText text={output.text} className={`nb-stream-${output.name}`} />;
    case 'error':
      return <LongText text={errorText(output)} className="nb-error" />;
    default:
      return <Bundle data={output.data} />;
  }
}

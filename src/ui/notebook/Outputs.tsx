import type { MimeBundle, Output } from '../../notebook/types';
import { ansiHtml, imageUrl, markdownHtml, sanitize, textOf } from './render';

/** The richest form of a result that can be shown safely, in Jupyter's order of preference. */
const SHOWN = ['text/html', 'image/png', 'image/jpeg', 'image/svg+xml', 'image/gif', 'text/markdown', 'application/json', 'text/plain'] as const;

function Bundle({ data }: { data: MimeBundle }) {
  const type = SHOWN.find((mime) => mime in data);
  if (!type) return <p className="muted nb-unshown">Output of type {Object.keys(data).join(', ') || 'none'} is not shown here.</p>;
  const value = data[type];
  switch (type) {
    case 'text/html':
      return <div className="nb-html" dangerouslySetInnerHTML={{ __html: sanitize(textOf(value)) }} />;
    case 'text/markdown':
      return <div className="nb-markdown" dangerouslySetInnerHTML={{ __html: markdownHtml(textOf(value)) }} />;
    case 'application/json':
      return <pre className="nb-text">{JSON.stringify(value, null, 2)}</pre>;
    case 'text/plain':
      return <pre className="nb-text" dangerouslySetInnerHTML={{ __html: ansiHtml(textOf(value)) }} />;
    default:
      return <img className="nb-image" src={imageUrl(type, value)} alt={textOf(data['text/plain']) || `${type} output`} />;
  }
}

export function OutputView({ output }: { output: Output }) {
  switch (output.output_type) {
    case 'stream':
      return <pre className={`nb-text nb-stream-${output.name}`} dangerouslySetInnerHTML={{ __html: ansiHtml(output.text) }} />;
    case 'error': {
      const text = output.traceback.length > 0 ? output.traceback.join('\n') : `${output.ename}: ${output.evalue}`;
      return <pre className="nb-text nb-error" dangerouslySetInnerHTML={{ __html: ansiHtml(text) }} />;
    }
    default:
      return <Bundle data={output.data} />;
  }
}

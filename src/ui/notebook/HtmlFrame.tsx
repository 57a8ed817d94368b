import { useEffect, useMemo, useRef, useState } from 'react';
import { frameDocument, frameHeight } from './frame';

/** Height before the frame reports its own (one line of text, so a short output barely moves). */
const FIRST_HEIGHT = 24;

/**
 * An HTML output in a sandboxed iframe (see frame.ts): scripts there run in an opaque origin, never
 * the console's. The frame sizes itself from the height its own window posts.
 */
export function HtmlFrame({ html, title = 'HTML output' }: { html: string; title?: string }) {
  const frame = useRef<HTMLIFrameElement>(null);
  const [height, setHeight] = useState(FIRST_HEIGHT);
  const srcDoc = useMemo(() => frameDocument(html), [html]);
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      const next = frameHeight(event, frame.current?.contentWindow);
      if (next !== null) setHeight(next);
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, []);
  return (
    <iframe
      ref={frame}
      className="nb-html-frame"
      data-testid="html-output"
      title={title}
      sandbox="allow-scripts"
      referrerPolicy="no-referrer"
      srcDoc={srcDoc}
      style={{ height }}
    />
  );
}

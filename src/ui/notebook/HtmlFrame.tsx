import { useEffect, useMemo, useRef, useState } from 'react';
import { useFrameHold } from './FrameHold';
import { frameDocument, frameHeight } from './frame';

/** Height before the frame reports its own (one line of text, so a short output barely moves). */
const FIRST_HEIGHT = 24;

/**
 * An HTML output in a sandboxed iframe (see frame.ts): scripts there run in an opaque origin, never
 * the console's. The frame sizes itself from the height its own window posts. While its list is
 * being scrolled a frame not made yet waits, as an empty box of its height, until the scrolling stops.
 */
export function HtmlFrame({ html, title = 'HTML output' }: { html: string; title?: string }) {
  const hold = useFrameHold();
  const [made, setMade] = useState(!hold.scrolling);
  const [height, setHeight] = useState(() => hold.heights.get(html) ?? FIRST_HEIGHT);
  // Made once the scrolling stops, and kept from then on (scrolling again does not take it away).
  if (!made && !hold.scrolling) setMade(true);
  if (!made) return <div className="nb-html-frame" data-testid="html-output-waiting" style={{ height }} />;
  const onHeight = (next: number) => {
    hold.heights.set(html, next);
    setHeight(next);
  };
  return <Frame html={html} title={title} height={height} onHeight={onHeight} />;
}

function Frame({ html, title, height, onHeight }: { html: string; title: string; height: number; onHeight: (height: number) => void }) {
  const frame = useRef<HTMLIFrameElement>(null);
  const latest = useRef(onHeight);
  useEffect(() => {
    latest.current = onHeight;
  });
  const srcDoc = useMemo(() => frameDocument(html), [html]);
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      const next = frameHeight(event, frame.current?.contentWindow);
      if (next !== null) latest.current(next);
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

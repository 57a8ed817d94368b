import { sanitize } from './render';

/**
 * The document an HTML output is shown in: a sandboxed iframe (`allow-scripts` only, never
 * `allow-same-origin`), so the output lives in an opaque origin and cannot reach the console's
 * DOM, storage or cookies. Its HTML is still sanitised (a second layer, and the same result with
 * or without the console's CSP, e.g. under the dev server).
 */

/**
 * The one script the frame runs: it posts the document's height to the parent whenever it changes.
 * Allowed by its hash in the frame's own policy and in the console's, which a srcdoc frame inherits
 * (server/http/security.ts); the frame test checks both hashes. Any other inline script or event
 * handler in an output is refused, by both policies.
 */
export const FRAME_SCRIPT =
  "new ResizeObserver(function(){parent.postMessage({nbOutputHeight:document.documentElement.scrollHeight},'*')}).observe(document.documentElement)";

/** FRAME_SCRIPT's SHA-256 (the frame test recomputes it). */
export const FRAME_SCRIPT_HASH = "'sha256-0ncFqj0cQbpHt0mSlyZ5KkLNCgr7CU46g1Vx0OljSK4='";

/**
 * The frame's own policy, the same with or without the console's: no network at all (styles inline,
 * images and fonts only as data: URLs), no forms, no base, and no script but FRAME_SCRIPT.
 */
export const FRAME_CSP = `default-src 'none'; img-src data:; font-src data:; style-src 'unsafe-inline'; script-src ${FRAME_SCRIPT_HASH}; form-action 'none'; base-uri 'none'`;

/** Plain pandas tables (`table.dataframe`) readable: borders, zebra rows, right-aligned numbers, sticky header. */
const FRAME_STYLE = `
html { color-scheme: light; }
/* Wide content scrolls in its own box, whose scrollbar then counts in the height the frame reports. */
.nb-frame-root { overflow-x: auto; }
body { margin: 0; font: 13px/1.45 system-ui, -apple-system, 'Segoe UI', sans-serif; color: #1f2328; background: transparent; overflow-wrap: anywhere; }
img, svg { max-width: 100%; height: auto; }
table { border-collapse: collapse; font-variant-numeric: tabular-nums; }
/* Any table ruled and padded (JupyterLab's look), not only pandas' own. */
:is(th, td) { border: 1px solid #d0d7de; padding: 3px 8px; }
thead th { background: #eef1f5; font-weight: 600; }
table.dataframe { font-size: 12.5px; font-variant-numeric: tabular-nums; overflow-wrap: normal; }
table.dataframe :is(th, td) { border: 1px solid #d0d7de; padding: 3px 8px; text-align: right; white-space: nowrap; }
table.dataframe thead th { position: sticky; top: 0; background: #eef1f5; font-weight: 600; }
table.dataframe tbody th { background: #f6f7f9; font-weight: 600; }
table.dataframe tbody tr:nth-child(even) td { background: #f8fafc; }
table.dataframe tbody tr:hover td { background: #eef4ff; }
`;

/** The frame's srcdoc: CSP first (it governs only what follows it), then style, the output, the height script. */
export function frameDocument(html: string): string {
  return [
    '<!doctype html><html><head><meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${FRAME_CSP}">`,
    `<style>${FRAME_STYLE}</style></head><body><div class="nb-frame-root">`,
    sanitize(html, { forceBody: true }),
    `</div><script>${FRAME_SCRIPT}</script></body></html>`,
  ].join('');
}

/** Heights above this are cut (a runaway output cannot make the page endless). */
export const MAX_FRAME_HEIGHT = 20_000;

/**
 * The height a message announces, or null when it is not one to accept: only from this frame's own
 * window, only `{ nbOutputHeight: <finite number ≥ 0> }`. Anything else (another frame, the page
 * itself, strings, objects with extra tricks) is ignored.
 */
export function frameHeight(event: Pick<MessageEvent, 'source' | 'data'>, frameWindow: Window | null | undefined): number | null {
  if (!frameWindow || event.source !== frameWindow) return null;
  const data: unknown = event.data;
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return null;
  const height = (data as { nbOutputHeight?: unknown }).nbOutputHeight;
  if (typeof height !== 'number' || !Number.isFinite(height) || height < 0) return null;
  return Math.min(Math.ceil(height), MAX_FRAME_HEIGHT);
}

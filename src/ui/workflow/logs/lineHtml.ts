import { AnsiUp } from 'ansi_up';
import DOMPurify from 'dompurify';

/** A highlighted range of a line's text (without ANSI codes); `current` is the match the reader is on. */
export interface Mark {
  start: number;
  end: number;
  current: boolean;
}

const openMark = (current: boolean) => (current ? '<mark class="lv-mark lv-mark-current">' : '<mark class="lv-mark">');

/**
 * Wraps the text characters [start, end) of each mark in `<mark>`, in HTML made of tags and escaped
 * text: tags are copied as they are, an entity counts as the one character it stands for, and a
 * mark is closed before a tag and reopened after it, so the nesting stays valid.
 */
export function markHtml(html: string, marks: readonly Mark[]): string {
  if (marks.length === 0) return html;
  let out = '';
  let pos = 0;
  let k = 0;
  let open: Mark | null = null;
  for (let i = 0; i < html.length; ) {
    if (html[i] === '<') {
      const close = html.indexOf('>', i) + 1 || html.length;
      // A mark that ended just before the tag is not reopened after it.
      const still = open !== null && open.end > pos;
      out += (open ? '</mark>' : '') + html.slice(i, close) + (still && open ? openMark(open.current) : '');
      if (!still) open = null;
      i = close;
      continue;
    }
    while (k < marks.length && marks[k].end <= pos) k++;
    const mark = k < marks.length && marks[k].start <= pos ? marks[k] : null;
    if (mark !== open) {
      out += (open ? '</mark>' : '') + (mark ? openMark(mark.current) : '');
      open = mark;
    }
    const semi = html[i] === '&' ? html.indexOf(';', i) : -1;
    const next = semi > i && semi - i <= 10 ? semi + 1 : i + 1;
    out += html.slice(i, next);
    i = next;
    pos++;
  }
  return open ? `${out}</mark>` : out;
}

/**
 * A line with ANSI codes as safe HTML: ansi_up escapes the text and turns the codes into spans
 * (classes for the 16 colours, which the stylesheet gives readable shades), DOMPurify removes
 * anything else (ansi_up's hyperlinks keep only http/https). Each line on its own: colours do not
 * run on from one line to the next, the price of colouring only the lines on screen.
 */
export function ansiLineHtml(raw: string, marks: readonly Mark[]): string {
  const ansi = new AnsiUp();
  ansi.use_classes = true;
  const html = DOMPurify.sanitize(ansi.ansi_to_html(raw), { ALLOWED_TAGS: ['span', 'a', 'b', 'i', 'u'], ALLOWED_ATTR: ['class', 'style', 'href'] });
  return markHtml(html, marks);
}

/**
 * TeX in notebooks: `$…$` and `$$…$$` in markdown cells and text/latex outputs, rendered by KaTeX
 * (loaded lazily: MathProvider.tsx). Math is lifted out of markdown before `marked` sees it, so
 * `_` and `*` inside formulas are not taken for emphasis, then put back rendered before sanitising.
 */

/** Renders TeX to HTML (KaTeX's renderToString, bound to safe options). */
export type TexRenderer = (tex: string, display: boolean) => string;

export type MathPiece = { tex: string; display: boolean };

/** A token no markdown changes, numbered, standing for one piece of math. */
const token = (i: number) => `@@nbmath${i}@@`;
const TOKEN = /@@nbmath(\d+)@@/g;

/** Length of the code span or fence starting at i (so its `$` stay text), else 0. */
function codeLength(text: string, i: number): number {
  const ticks = /^`+/.exec(text.slice(i))?.[0] ?? '';
  if (!ticks) return 0;
  const end = text.indexOf(ticks, i + ticks.length);
  return end < 0 ? ticks.length : end + ticks.length - i;
}

/** Where the inline `$…$` starting at i ends (Pandoc's rule: no space inside the dollars, no digit after). */
function inlineEnd(text: string, i: number): number {
  if (/\s/.test(text[i + 1] ?? ' ')) return -1;
  for (let j = i + 1; j < text.length; j++) {
    if (text[j] === '\\') j++;
    else if (text[j] === '\n' && text[j + 1] === '\n') return -1;
    else if (text[j] === '$') return /\s/.test(text[j - 1]) || /\d/.test(text[j + 1] ?? '') ? -1 : j;
  }
  return -1;
}

/** The markdown with its math replaced by tokens, and the pieces in order. */
export function liftMath(markdown: string): { text: string; math: MathPiece[] } {
  const math: MathPiece[] = [];
  let out = '';
  let i = 0;
  while (i < markdown.length) {
    const ch = markdown[i];
    const code = ch === '`' ? codeLength(markdown, i) : 0;
    const display = markdown.startsWith('$$', i) ? markdown.indexOf('$$', i + 2) : -1;
    const inline = ch === '$' && display < 0 && !markdown.startsWith('$$', i) ? inlineEnd(markdown, i) : -1;
    if (ch === '\\' && markdown[i + 1] === '$') {
      out += '\\$';
      i += 2;
    } else if (code > 0) {
      out += markdown.slice(i, i + code);
      i += code;
    } else if (display > i) {
      math.push({ tex: markdown.slice(i + 2, display), display: true });
      out += token(math.length - 1);
      i = display + 2;
    } else if (inline > i) {
      math.push({ tex: markdown.slice(i + 1, inline), display: false });
      out += token(math.length - 1);
      i = inline + 1;
    } else {
      out += ch;
      i += 1;
    }
  }
  return { text: out, math };
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Puts the math back into rendered HTML: rendered when a renderer is there, else as its escaped source. */
export function restoreMath(html: string, math: MathPiece[], render: TexRenderer | null): string {
  return html.replace(TOKEN, (whole, n: string) => {
    const piece = math[Number(n)];
    if (!piece) return whole;
    if (render) return render(piece.tex, piece.display);
    const fence = piece.display ? '$$' : '$';
    return `<span class="nb-tex-source">${escapeHtml(fence + piece.tex + fence)}</span>`;
  });
}

/** TeX in `\[…\]` without its brackets. */
function displayBody(latex: string): string {
  const text = latex.trim();
  return text.startsWith('\\[') && text.endsWith('\\]') ? text.slice(2, -2) : text;
}

/**
 * A text/latex output as HTML: its `$…$` / `$$…$$` pieces among escaped text, or, with no dollars,
 * the whole of it as display math (`\begin{align}…`, `\[…\]`). The caller sanitises it.
 */
export function latexHtml(latex: string, render: TexRenderer | null): string {
  const { text, math } = liftMath(latex);
  if (math.length === 0) return restoreMath(token(0), [{ tex: displayBody(latex), display: true }], render);
  return restoreMath(escapeHtml(text), math, render);
}

/** Whether a markdown source has anything that may be math (so KaTeX is only loaded when needed). */
export const mayHaveMath = (text: string) => text.includes('$');

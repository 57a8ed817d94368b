// @vitest-environment jsdom
import katex from 'katex';
import { describe, expect, it } from 'vitest';
import { latexHtml, liftMath, restoreMath, type TexRenderer } from './math';
import { markdownHtml } from './render';

const fake: TexRenderer = (tex, display) => `[${display ? 'D' : 'I'}:${tex}]`;
const real: TexRenderer = (tex, display) => katex.renderToString(tex, { displayMode: display, throwOnError: false, trust: false });

describe('liftMath', () => {
  it('lifts inline and display math in order', () => {
    const { text, math } = liftMath('a $x_1$ b $$\\sum_k k$$ c');
    expect(text).toBe('a @@nbmath0@@ b @@nbmath1@@ c');
    expect(math).toEqual([
      { tex: 'x_1', display: false },
      { tex: '\\sum_k k', display: true },
    ]);
  });

  it('leaves prices, escaped dollars and code alone', () => {
    expect(liftMath('costs $5 and $10 today').math).toEqual([]);
    expect(liftMath('a \\$x\\$ b').math).toEqual([]);
    expect(liftMath('`$x$` and\n```\n$$y$$\n```').math).toEqual([]);
    expect(liftMath('$ x $').math).toEqual([]);
  });

  it('does not let math run across paragraphs or end on a dollar before a digit', () => {
    expect(liftMath('$a\n\nb$').math).toEqual([]);
    expect(liftMath('$a$5').math).toEqual([]);
  });

  it('restores math rendered, or as escaped source', () => {
    const { text, math } = liftMath('$a<b$');
    expect(restoreMath(text, math, fake)).toBe('[I:a<b]');
    expect(restoreMath(text, math, null)).toBe('<span class="nb-tex-source">$a&#60;b$</span>');
  });
});

describe('math in markdown with KaTeX', () => {
  it('renders formulas without markdown touching their underscores and stars', () => {
    const html = markdownHtml('Sum $a_1 * b_1 * c$ and\n\n$$\\frac{1}{2}$$', undefined, real);
    expect(html).toContain('class="katex"');
    expect(html).toContain('katex-display');
    expect(html).not.toContain('<em>');
  });

  it('refuses \\href and \\url (trust: false): no link is made, the TeX shows as text', () => {
    const box = document.createElement('div');
    box.innerHTML = markdownHtml('$\\href{javascript:alert(1)}{x}$ $\\url{https://example.com}$', undefined, real);
    expect(box.querySelector('a, [href], [xlink\\:href]')).toBeNull();
    expect(box.textContent).toContain('\\href{javascript:alert(1)}{x}');
  });
});

describe('latexHtml (text/latex outputs)', () => {
  it('shows text without dollars as display math', () => {
    expect(latexHtml('\\begin{align}a&=b\\end{align}', fake)).toBe('[D:\\begin{align}a&=b\\end{align}]');
    expect(latexHtml('\\[x^2\\]', fake)).toBe('[D:x^2]');
  });

  it('renders each dollar piece among escaped text', () => {
    expect(latexHtml('$$x$$', fake)).toBe('[D:x]');
    expect(latexHtml('<b>if</b> $a$ then $b$', fake)).toBe('&#60;b&#62;if&#60;/b&#62; [I:a] then [I:b]');
  });
});

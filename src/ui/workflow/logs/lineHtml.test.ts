// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { ansiLineHtml, markHtml } from './lineHtml';

describe('line HTML', () => {
  it('marks text ranges across tags and entities, closing and reopening marks at tags', () => {
    const html = '<span class="a">x &amp; y</span>z';
    expect(markHtml(html, [{ start: 2, end: 6, current: false }])).toBe(
      '<span class="a">x <mark class="lv-mark">&amp; y</mark></span><mark class="lv-mark">z</mark>',
    );
    expect(markHtml('abc', [{ start: 0, end: 1, current: true }, { start: 2, end: 3, current: false }])).toBe(
      '<mark class="lv-mark lv-mark-current">a</mark>b<mark class="lv-mark">c</mark>',
    );
    expect(markHtml('abc', [])).toBe('abc');
  });

  it('colours ANSI codes as classes and escapes markup in the log text', () => {
    const html = ansiLineHtml('\x1b[31m<img src=x onerror=alert(1)> & fail\x1b[0m', []);
    expect(html).toBe('<span class="ansi-red-fg">&lt;img src=x onerror=alert(1)&gt; &amp; fail</span>');
    const box = document.createElement('div');
    box.innerHTML = html;
    expect(box.querySelector('img')).toBeNull();
    expect(box.textContent).toBe('<img src=x onerror=alert(1)> & fail');
  });

  it('keeps only http(s) hyperlinks', () => {
    const html = ansiLineHtml('\x1b]8;;javascript:alert(1)\x1b\\click\x1b]8;;\x1b\\', []);
    expect(html).not.toContain('javascript:');
  });

  it('highlights a match inside coloured text', () => {
    const html = ansiLineHtml('ok \x1b[31mfailed\x1b[0m', [{ start: 3, end: 9, current: true }]);
    expect(html).toBe('ok <span class="ansi-red-fg"><mark class="lv-mark lv-mark-current">failed</mark></span>');
  });
});

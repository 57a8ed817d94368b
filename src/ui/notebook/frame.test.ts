// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { FRAME_CSP, FRAME_SCRIPT, MAX_FRAME_HEIGHT, frameDocument, frameHeight } from './frame';

const HOSTILE = [
  '<p>table</p>',
  '<script>alert("script")</script>',
  '<img src="x" onerror="alert(\'onerror\')">',
  '<a href="javascript:alert(1)">link</a>',
  '<iframe src="https://example.com"></iframe>',
  '<svg onload="alert(1)"><script>alert(2)</script></svg>',
  '<form action="https://example.com"><button formaction="javascript:alert(1)">go</button></form>',
].join('\n');

const parse = (html: string) => new DOMParser().parseFromString(html, 'text/html');

describe('frameDocument', () => {
  const doc = parse(frameDocument(HOSTILE));

  it('starts with the frame policy, before any output markup', () => {
    const first = doc.head.firstElementChild?.nextElementSibling;
    expect(first?.getAttribute('http-equiv')).toBe('Content-Security-Policy');
    expect(first?.getAttribute('content')).toBe(FRAME_CSP);
    expect(FRAME_CSP).toContain("default-src 'none'");
    expect(FRAME_CSP).toContain('img-src data:;');
  });

  it('keeps the output text but no script except the height reporter, no handler, no javascript: URL, no nested frame', () => {
    expect(doc.body.textContent).toContain('table');
    const scripts = [...doc.querySelectorAll('script')].map((s) => s.textContent);
    expect(scripts).toEqual([FRAME_SCRIPT]);
    const attributes = [...doc.querySelectorAll('*')].flatMap((el) => [...el.attributes]);
    expect(attributes.filter((a) => a.name.startsWith('on'))).toEqual([]);
    expect(attributes.filter((a) => /^\s*javascript:/i.test(a.value))).toEqual([]);
    // A form may stay: the frame's sandbox has no allow-forms and its policy says form-action 'none'.
    expect(doc.querySelector('iframe, button[formaction]')).toBeNull();
  });

  it('keeps a leading <style> (pandas Styler) and the dataframe class', () => {
    const styled = parse(frameDocument('<style>#T_1 td { color: red }</style><table class="dataframe" id="T_1"><tr><td>1</td></tr></table>'));
    expect(styled.body.querySelector('style')?.textContent).toContain('#T_1 td');
    expect(styled.body.querySelector('table.dataframe')).not.toBeNull();
  });
});

describe('frameHeight', () => {
  const frameWindow = {} as Window;
  const other = {} as Window;
  const message = (data: unknown, source: unknown = frameWindow) => ({ data, source }) as MessageEvent;

  it('accepts a numeric height from its own frame, rounded up and capped', () => {
    expect(frameHeight(message({ nbOutputHeight: 120.2 }), frameWindow)).toBe(121);
    expect(frameHeight(message({ nbOutputHeight: 0 }), frameWindow)).toBe(0);
    expect(frameHeight(message({ nbOutputHeight: 1e9 }), frameWindow)).toBe(MAX_FRAME_HEIGHT);
  });

  it('ignores messages from any other window, or when the frame is gone', () => {
    expect(frameHeight(message({ nbOutputHeight: 50 }, other), frameWindow)).toBeNull();
    expect(frameHeight(message({ nbOutputHeight: 50 }, window), frameWindow)).toBeNull();
    expect(frameHeight(message({ nbOutputHeight: 50 }, null), frameWindow)).toBeNull();
    expect(frameHeight(message({ nbOutputHeight: 50 }), null)).toBeNull();
  });

  it('ignores anything but a finite non-negative number', () => {
    for (const data of [
      '120',
      120,
      null,
      [120],
      { nbOutputHeight: '120' },
      { nbOutputHeight: '120px' },
      { nbOutputHeight: NaN },
      { nbOutputHeight: Infinity },
      { nbOutputHeight: -5 },
      { nbOutputHeight: { valueOf: () => 120 } },
      { height: 120 },
    ]) {
      expect(frameHeight(message(data), frameWindow)).toBeNull();
    }
  });
});

// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { ansiHtml, imageUrl, markdownHtml, sanitize, sanitizeSvg } from './render';

/** Everything executable a piece of HTML could carry once it is in a page. */
function executable(html: string): string[] {
  const box = document.createElement('div');
  box.innerHTML = html;
  const found: string[] = [];
  box.querySelectorAll('script, iframe, object, embed, frame, base, meta').forEach((el) => found.push(el.tagName));
  box.querySelectorAll('*').forEach((el) => {
    for (const attr of el.attributes) {
      if (attr.name.toLowerCase().startsWith('on')) found.push(`${el.tagName} ${attr.name}`);
      if (/^\s*(javascript|vbscript|data:text\/html)/i.test(attr.value)) found.push(`${el.tagName} ${attr.name}=${attr.value}`);
    }
  });
  return found;
}

const HOSTILE_HTML = `<p>ok</p><script>alert(1)</script><img src=x onerror="alert(2)"><a href="javascript:alert(3)">a</a>
<a href=" JaVaScRiPt:alert(4)">b</a><iframe src="javascript:alert(5)"></iframe><div onclick="alert(6)">c</div>
<object data="x.swf"></object><base href="https://evil.example/">`;

const HOSTILE_SVG = `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" onload="alert(1)">
<script>alert(2)</script><a xlink:href="javascript:alert(3)"><text>t</text></a><a href="javascript:alert(4)"><rect/></a>
<animate attributeName="href" to="javascript:alert(5)"/><foreignObject><iframe src="javascript:alert(6)"></iframe></foreignObject></svg>`;

describe('sanitize (HTML rendered in the console page)', () => {
  it('removes scripts, event handlers, javascript: links and frames, keeping the text', () => {
    const html = sanitize(HOSTILE_HTML);
    expect(executable(HOSTILE_HTML).length).toBeGreaterThan(5);
    expect(executable(html)).toEqual([]);
    expect(html).toContain('<p>ok</p>');
  });

  it('gives an image without alternative text an empty one', () => {
    expect(sanitize('<img src="data:image/png;base64,AAAA">')).toContain('alt=""');
  });
});

describe('SVG outputs', () => {
  it('sanitiseSvg drops script, handlers, javascript: links and foreign frames', () => {
    const svg = sanitizeSvg(HOSTILE_SVG);
    expect(executable(svg)).toEqual([]);
    expect(svg).not.toMatch(/javascript:|onload|<script|<iframe/i);
    expect(svg).toContain('<text>t</text>');
  });

  it('is shown as an image data URL whose content is the sanitised SVG', () => {
    const url = imageUrl('image/svg+xml', HOSTILE_SVG);
    expect(url.startsWith('data:image/svg+xml;charset=utf-8,')).toBe(true);
    const svg = decodeURIComponent(url.slice(url.indexOf(',') + 1));
    expect(svg).not.toMatch(/javascript:|onload|<script|<iframe/i);
    expect(svg).toContain('<svg');
  });

  it('raster images are base64 data URLs of their own type', () => {
    expect(imageUrl('image/png', 'iVBO\nRw0K')).toBe('data:image/png;base64,iVBORw0K');
    expect(imageUrl('image/gif', ['R0lG', 'ODlh'])).toBe('data:image/gif;base64,R0lGODlh');
  });
});

describe('markdownHtml', () => {
  it('drops raw script and handlers and neutralises javascript: links written in markdown or HTML', () => {
    const md = `# T\n\n<script>alert(1)</script>\n\n<img src=x onerror=alert(2)>\n\n[md link](javascript:alert(3)) <a href="javascript:alert(4)" onclick="alert(5)">raw</a>\n\n[ok](https://example.com)`;
    const html = markdownHtml(md);
    expect(executable(html)).toEqual([]);
    expect(html).toContain('<h1>T</h1>');
    expect(html).toContain('href="https://example.com"');
  });

  it('keeps math as escaped TeX source until a renderer is given', () => {
    const html = markdownHtml('Area $a_1 * b_2 < c$ here');
    expect(html).toContain('$a_1 * b_2 &lt; c$');
    expect(html).not.toContain('<em>');
  });

  it('sanitises what the TeX renderer returns too', () => {
    const html = markdownHtml('$x$', undefined, () => '<span onclick="alert(1)">x</span><script>alert(2)</script>');
    expect(executable(html)).toEqual([]);
    expect(html).toContain('<span>x</span>');
  });
});

describe('ansiHtml', () => {
  it('escapes markup in terminal text and keeps colours as classes', () => {
    const html = ansiHtml('\u001b[31mError\u001b[0m <script>alert(1)</script> <img src=x onerror=alert(2)>');
    expect(executable(html)).toEqual([]);
    expect(html).toContain('class="ansi-red-fg"');
    expect(html).toContain('&lt;script&gt;');
  });
});

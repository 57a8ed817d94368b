// @vitest-environment jsdom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { parseNotebook } from '../../model/nbformat/parse';
import type { Nbformat45, Output } from '../../model/nbformat/types';
import { FRAME_SCRIPT } from './frame';
import { FrameHoldProvider } from './FrameHold';
import { NotebookCells } from './NotebookCells';
import { OutputArea } from './OutputArea';
import { OutputView } from './Outputs';
import { MAX_LINES } from './truncate';

const FILES = import.meta.glob<string>('../../model/nbformat/fixtures/rich-outputs.ipynb', { query: '?raw', import: 'default', eager: true });

function fixture(): Nbformat45 {
  const parsed = parseNotebook(Object.values(FILES)[0], 'rich-outputs.ipynb');
  if (!parsed.ok) throw new Error(parsed.reason);
  return parsed.notebook;
}

let root: Root | undefined;
let box: HTMLDivElement;

async function render(element: React.ReactNode): Promise<HTMLDivElement> {
  box = document.createElement('div');
  document.body.append(box);
  root = createRoot(box);
  await act(async () => root!.render(element));
  return box;
}

beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
});

afterEach(() => {
  act(() => root?.unmount());
  box.remove();
});

/** Scripts, handlers and javascript:/vbscript: URLs anywhere in a DOM tree. */
function executable(rootNode: ParentNode): string[] {
  const found = [...rootNode.querySelectorAll('script, object, embed, base')].map((el) => el.tagName);
  for (const el of rootNode.querySelectorAll('*')) {
    for (const attr of el.attributes) {
      if (attr.name.toLowerCase().startsWith('on')) found.push(`${el.tagName} ${attr.name}`);
      if (attr.name !== 'srcdoc' && /^\s*(javascript|vbscript):/i.test(decodeURIComponent(attr.value))) found.push(`${el.tagName} ${attr.name}`);
    }
  }
  return found;
}

describe('the rich outputs fixture in the notebook view', () => {
  it('puts nothing executable in the console DOM: HTML only in sandboxed frames, SVG only as sanitised images', async () => {
    const view = await render(<NotebookCells notebook={fixture()} />);
    await act(async () => vi.dynamicImportSettled());
    expect(executable(view)).toEqual([]);
    const frames = [...view.querySelectorAll('iframe')];
    expect(frames.length).toBe(2);
    for (const frame of frames) {
      expect(frame.dataset.testid).toBe('html-output');
      expect(frame.getAttribute('sandbox')).toBe('allow-scripts');
      const inner = new DOMParser().parseFromString(frame.getAttribute('srcdoc') ?? '', 'text/html');
      expect([...inner.querySelectorAll('script')].map((s) => s.textContent)).toEqual([FRAME_SCRIPT]);
      expect(executable(inner).filter((found) => found !== 'SCRIPT')).toEqual([]);
    }
    const svgs = [...view.querySelectorAll<HTMLImageElement>('img[src^="data:image/svg+xml"]')];
    expect(svgs).toHaveLength(2);
    for (const img of svgs) expect(decodeURIComponent(img.src)).not.toMatch(/<script|onload|javascript:/i);
  });

  it('shows every output type', async () => {
    const view = await render(<NotebookCells notebook={fixture()} />);
    await act(async () => vi.dynamicImportSettled());
    for (const type of ['png', 'jpeg', 'gif']) expect(view.querySelector(`img[src^="data:image/${type};base64,"]`)).not.toBeNull();
    expect(view.querySelectorAll('.nb-latex .katex').length).toBeGreaterThan(0);
    expect(view.querySelector('.nb-markdown .katex-display')).not.toBeNull();
    expect(view.querySelector('[aria-label="JSON output"]')).not.toBeNull();
    expect(view.querySelector('.nb-widget')?.textContent).toContain('Interactive widget not supported here.');
    expect(view.querySelector('.nb-widget')?.textContent).toContain('IntSlider(value=7, max=10)');
    expect([...view.querySelectorAll('.nb-error .ansi-red-fg')].map((s) => s.textContent)).toContain('ZeroDivisionError');
    expect(view.querySelector('.nb-stream-stderr')?.textContent).toContain('<script>alert("stderr")</script> is just text');
  });
});

describe('HtmlFrame', () => {
  const html: Output = { output_type: 'display_data', data: { 'text/html': '<p>hi</p>' }, metadata: {} };

  it('takes its height only from numeric messages its own frame posts', async () => {
    const view = await render(<OutputView output={html} />);
    const frame = view.querySelector('iframe')!;
    const post = (data: unknown, source: MessageEventSource | null) =>
      act(() => {
        window.dispatchEvent(new MessageEvent('message', { data, source }));
      });
    await post({ nbOutputHeight: 321 }, frame.contentWindow);
    expect(frame.style.height).toBe('321px');
    await post({ nbOutputHeight: 999 }, window);
    await post({ nbOutputHeight: '999' }, frame.contentWindow);
    await post('999', frame.contentWindow);
    expect(frame.style.height).toBe('321px');
  });

  it('waits while its list scrolls, then keeps its frame; made again, it starts at its last height', async () => {
    const list = (scrolling: boolean, shown = true) => <FrameHoldProvider scrolling={scrolling}>{shown && <OutputView output={html} />}</FrameHoldProvider>;
    const view = await render(list(true));
    expect(view.querySelector('iframe')).toBeNull();
    expect(view.querySelector<HTMLElement>('[data-testid="html-output-waiting"]')!.style.height).toBe('24px');
    await act(async () => root!.render(list(false)));
    const frame = view.querySelector('iframe')!;
    await act(async () => {
      window.dispatchEvent(new MessageEvent('message', { data: { nbOutputHeight: 200 }, source: frame.contentWindow }));
    });
    await act(async () => root!.render(list(true)));
    expect(view.querySelector('iframe')).toBe(frame);
    await act(async () => root!.render(list(true, false)));
    await act(async () => root!.render(list(true)));
    expect(view.querySelector<HTMLElement>('[data-testid="html-output-waiting"]')!.style.height).toBe('200px');
  });
});

describe('OutputArea', () => {
  const long: Output = { output_type: 'stream', name: 'stdout', text: Array.from({ length: 300 }, (_, i) => `line ${i}`).join('\n') };

  it('cuts long text with a Show more button that shows all of it', async () => {
    const view = await render(<OutputArea outputs={[long]} scrolled={false} onToggleScrolled={() => {}} />);
    expect(view.querySelector('pre')!.textContent!.split('\n')).toHaveLength(MAX_LINES);
    const more = [...view.querySelectorAll('button')].find((b) => b.textContent?.startsWith('Show more'))!;
    expect(more.textContent).toContain('100 more lines');
    await act(async () => more.click());
    expect(view.querySelector('pre')!.textContent!.split('\n')).toHaveLength(300);
    expect([...view.querySelectorAll('button')].some((b) => b.textContent?.startsWith('Show more'))).toBe(false);
  });

  it('has a scrolling toggle that reports clicks and shows its state', async () => {
    const toggle = vi.fn();
    const view = await render(<OutputArea outputs={[long]} scrolled={true} onToggleScrolled={toggle} />);
    const button = view.querySelector<HTMLButtonElement>('.nb-scroll-toggle')!;
    expect(button.getAttribute('aria-pressed')).toBe('true');
    expect(view.querySelector('.nb-output-area')!.classList.contains('nb-scrolled')).toBe(true);
    expect(view.querySelector('.nb-outputs')!.getAttribute('tabindex')).toBe('0');
    await act(async () => button.click());
    expect(toggle).toHaveBeenCalledOnce();
    // An icon named for screen readers and explained by its tooltip, not an unexplained "Scroll" word.
    expect(button.textContent).toBe('');
    expect(button.getAttribute('aria-label')).toBe('Scroll outputs');
    expect(button.title).toBe('Show the outputs at full height');
  });

  it('shows a result’s Out[n] prompt, as Jupyter does, and nothing for an empty display_data', async () => {
    const result: Output = { output_type: 'execute_result', execution_count: 7, metadata: {}, data: { 'text/plain': '42' } };
    const empty: Output = { output_type: 'display_data', metadata: {}, data: {} };
    const view = await render(<OutputArea outputs={[result, empty]} scrolled={false} onToggleScrolled={() => {}} />);
    expect(view.querySelector('.nb-out-prompt')!.textContent).toBe('Out[7]:');
    expect(view.textContent).not.toContain('not shown');
    expect(view.querySelectorAll('.nb-output')[1].innerHTML).toBe('');
  });

  it('renders nothing without outputs', async () => {
    const view = await render(<OutputArea outputs={[]} scrolled={false} onToggleScrolled={() => {}} />);
    expect(view.innerHTML).toBe('');
  });
});

describe('JsonTree', () => {
  const json: Output = { output_type: 'display_data', data: { 'application/json': { a: { b: [1, 'two', null] } } }, metadata: {} };

  it('opens the top level; deeper nodes open with their buttons', async () => {
    const view = await render(<OutputView output={json} />);
    const toggles = () => [...view.querySelectorAll<HTMLButtonElement>('.nb-json-toggle')];
    expect(toggles().map((b) => b.getAttribute('aria-expanded'))).toEqual(['true', 'false']);
    expect(view.textContent).not.toContain('"two"');
    await act(async () => toggles()[1].click());
    await act(async () => toggles()[2].click());
    expect(view.textContent).toContain('"two"');
    expect(view.querySelector('.nb-json-null')?.textContent).toBe('null');
    await act(async () => toggles()[0].click());
    expect(toggles()).toHaveLength(1);
    expect(toggles()[0].getAttribute('aria-expanded')).toBe('false');
  });
});

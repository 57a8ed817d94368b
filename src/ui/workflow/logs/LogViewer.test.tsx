// @vitest-environment jsdom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { LogViewer, type LogViewerProps } from './LogViewer';

const LOG = [
  '[2026-11-25, 10:00:01 UTC] {taskinstance.py:1234} INFO - Starting attempt 1 of 3',
  '[2026-11-25, 10:00:02 UTC] {logging_mixin.py:190} WARNING - \x1b[33mslow query\x1b[0m',
  '[2026-11-25, 10:00:03 UTC] {taskinstance.py:3100} ERROR - Task failed with exception',
  'Traceback (most recent call last):',
  'ValueError: bad row <script>alert(1)</script>',
  '[2026-11-25, 10:00:04 UTC] {base.py:84} DEBUG - closing connection',
  '[2026-11-25, 10:00:05 UTC] {taskinstance.py:1400} INFO - Marking task as FAILED',
].join('\n');

let root: Root | undefined;
let box: HTMLDivElement;

const props = (over: Partial<LogViewerProps> = {}): LogViewerProps => ({
  text: LOG,
  fileName: 'etl__load__try-1',
  running: false,
  following: false,
  onFollowChange: () => {},
  initialSize: { width: 900, height: 600 },
  ...over,
});

async function render(p: LogViewerProps): Promise<HTMLDivElement> {
  box = document.createElement('div');
  document.body.append(box);
  root = createRoot(box);
  await act(async () => root!.render(<LogViewer {...p} />));
  return box;
}

const rerender = (p: LogViewerProps) => act(async () => root!.render(<LogViewer {...p} />));
const button = (name: string) => box.querySelector<HTMLButtonElement>(`button[aria-label^="${name}"]`) as HTMLButtonElement;
/** A level chip (its name is its text: "Error 3 lines"). */
const chip = (level: string) => box.querySelector<HTMLButtonElement>(`.lv-chip-${level}`) as HTMLButtonElement;
const rows = () => [...box.querySelectorAll('.lv-row')].map((row) => row.querySelector('.lv-text')?.textContent);
const status = () => box.querySelector('.lv-search-status')?.textContent;

async function type(value: string) {
  const input = box.querySelector('input[type="search"]') as HTMLInputElement;
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
  await act(async () => {
    setter?.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

async function press(key: string, init: KeyboardEventInit = {}) {
  const input = box.querySelector('input[type="search"]') as HTMLInputElement;
  await act(async () => input.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, ...init })));
}

beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  Element.prototype.scrollIntoView ??= () => {};
  // jsdom lays nothing out: the scroller gets a size, so the virtualizer renders the lines that fit.
  const sized = (size: number) => ({ configurable: true, get(this: HTMLElement) { return this.classList.contains('lv-scroll') ? size : 0; } });
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', sized(600));
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', sized(900));
  vi.stubGlobal('requestAnimationFrame', (fn: FrameRequestCallback) => setTimeout(() => fn(0), 0));
});

afterEach(() => {
  act(() => root?.unmount());
  box.remove();
  vi.restoreAllMocks();
});

describe('LogViewer', () => {
  it('shows numbered lines with ANSI colours and escapes markup in the text', async () => {
    await render(props());
    expect(rows()).toHaveLength(7);
    expect([...box.querySelectorAll('.lv-num')].map((n) => n.textContent)).toEqual(['1', '2', '3', '4', '5', '6', '7']);
    expect(box.querySelector('.lv-num')?.getAttribute('aria-hidden')).toBe('true');
    expect(box.querySelector('.ansi-yellow-fg')?.textContent).toBe('slow query');
    expect(box.querySelector('script')).toBeNull();
    expect(rows()[4]).toBe('ValueError: bad row <script>alert(1)</script>');
    expect(box.querySelector('.lv-footer')?.textContent).toContain('7 lines');
  });

  it('says why there is nothing to show', async () => {
    await render(props({ text: '', running: true }));
    expect(box.querySelector('.lv-empty')?.textContent).toBe('No log lines yet');
    await rerender(props({ text: '', running: false }));
    expect(box.querySelector('.lv-empty')?.textContent).toBe('This try wrote no log');
    expect(button('Copy').disabled).toBe(true);
  });

  it('searches every line, says "n of m", and steps with Enter, Shift+Enter and the buttons', async () => {
    await render(props());
    await type('fail');
    expect(status()).toBe('1 of 2');
    expect(box.querySelectorAll('mark.lv-mark')).toHaveLength(2);
    expect(box.querySelector('mark.lv-mark-current')?.textContent).toBe('fail');
    await press('Enter');
    expect(status()).toBe('2 of 2');
    expect(box.querySelector('mark.lv-mark-current')?.textContent).toBe('FAIL');
    await press('Enter');
    expect(status()).toBe('1 of 2');
    await press('Enter', { shiftKey: true });
    expect(status()).toBe('2 of 2');
    await act(async () => button('Previous match').click());
    expect(status()).toBe('1 of 2');
    await act(async () => button('Match case').click());
    expect(status()).toBe('1 of 1');
    await type('');
    expect(status()).toBe('');
    expect(box.querySelectorAll('mark')).toHaveLength(0);
  });

  it('says an invalid regex is invalid', async () => {
    await render(props());
    await act(async () => button('Regular expression').click());
    await type('(fail');
    expect(status()).toBe('Invalid regex');
    expect(box.querySelector('input')?.getAttribute('aria-invalid')).toBe('true');
    await type('fa.l');
    expect(status()).toBe('1 of 2');
  });

  it('filters by level, tracebacks going with their error, and searches only the lines shown', async () => {
    await render(props());
    expect(chip('error').textContent).toContain('3');
    for (const level of ['warning', 'info', 'debug']) await act(async () => chip(level).click());
    expect(rows()).toEqual([
      '[2026-11-25, 10:00:03 UTC] {taskinstance.py:3100} ERROR - Task failed with exception',
      'Traceback (most recent call last):',
      'ValueError: bad row <script>alert(1)</script>',
    ]);
    expect([...box.querySelectorAll('.lv-num')].map((n) => n.textContent)).toEqual(['3', '4', '5']);
    expect(box.querySelector('.lv-footer')?.textContent).toContain('3 shown');
    await type('fail');
    expect(status()).toBe('1 of 1');
    await act(async () => chip('error').click());
    expect(box.querySelector('.lv-empty-filter')?.textContent).toBe('No lines at the selected levels');
  });

  it('adds new text as lines, stops following when the reader scrolls up, and follows again on the toggle', async () => {
    const onFollowChange = vi.fn();
    await render(props({ text: 'a\nb', running: true, following: true, onFollowChange }));
    expect(rows()).toEqual(['a', 'b']);
    await rerender(props({ text: 'a\nb\nc\n', running: true, following: true, onFollowChange }));
    expect(rows()).toEqual(['a', 'b', 'c']);
    const scroller = box.querySelector('.lv-scroll') as HTMLElement;
    await act(async () => scroller.dispatchEvent(new WheelEvent('wheel', { deltaY: -100, bubbles: true })));
    expect(onFollowChange).toHaveBeenLastCalledWith(false);
    await rerender(props({ text: 'a\nb\nc\n', running: true, following: false, onFollowChange }));
    expect(button('Follow').getAttribute('aria-pressed')).toBe('false');
    await act(async () => button('Follow').click());
    expect(onFollowChange).toHaveBeenLastCalledWith(true);
  });

  it('loads more of a finished log when its loaded end is in view, and by its button, only while there is more', async () => {
    const onLoadMore = vi.fn();
    await render(props({ hasMore: true, onLoadMore }));
    // Seven lines fill no screen: the end of what is loaded is in view, so more is asked for at once.
    expect(onLoadMore).toHaveBeenCalledOnce();
    expect(box.querySelector('.lv-footer')?.textContent).toContain('Lines 1–7 of a longer log, searched as loaded');
    const more = [...box.querySelectorAll('button')].find((b) => b.textContent === 'Load more') as HTMLButtonElement;
    await act(async () => more.click());
    expect(onLoadMore).toHaveBeenCalledTimes(2);
    await rerender(props({ hasMore: false, onLoadMore }));
    expect([...box.querySelectorAll('button')].some((b) => b.textContent === 'Load more')).toBe(false);
    expect(box.querySelector('.lv-footer')?.textContent).toContain('7 lines');
    expect(onLoadMore).toHaveBeenCalledTimes(2);
  });

  it('says the log is loading, not "0 lines", before its first lines come', async () => {
    await render(props({ text: '', loading: true }));
    expect(box.querySelector('.lv-footer')?.textContent).toBe('Loading…');
    expect(box.querySelector('.lv-empty')?.textContent).toBe('Loading the log…');
  });

  it('numbers a window of a long log from its first line, loads earlier lines, and downloads the whole log from the server', async () => {
    const onLoadEarlier = vi.fn();
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.href);
    });
    await render(props({ firstLine: 280_000, onLoadEarlier, downloadUrl: '/api/workflow/v1/dags/etl/logs/1/download?map_index=-1' }));
    expect([...box.querySelectorAll('.lv-num')].slice(0, 2).map((n) => n.textContent)).toEqual(['280001', '280002']);
    expect(box.querySelector('.lv-footer')?.textContent).toContain('Lines 280,001–280,007 of a longer log');
    await act(async () => ([...box.querySelectorAll('button')].find((b) => b.textContent === 'Load earlier') as HTMLButtonElement).click());
    expect(onLoadEarlier).toHaveBeenCalledOnce();
    await act(async () => button('Download').click());
    expect(clicked).toEqual([`${location.origin}/api/workflow/v1/dags/etl/logs/1/download?map_index=-1`]);
  });

  it('copies the whole log without ANSI codes and says so', async () => {
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await render(props());
    await act(async () => button('Copy').click());
    expect(writeText).toHaveBeenCalledWith(LOG.replace('\x1b[33m', '').replace('\x1b[0m', ''));
    expect(button('Copy').textContent).toBe('Copied');
  });

  it('downloads the whole text as <fileName>.log', async () => {
    const created = vi.fn((blob: Blob) => (void blob, 'blob:log'));
    URL.createObjectURL = created;
    URL.revokeObjectURL = () => {};
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    await render(props());
    await act(async () => button('Download').click());
    expect(clicked).toEqual(['etl__load__try-1.log']);
    expect(await created.mock.calls[0][0].text()).toBe(LOG);
  });
});

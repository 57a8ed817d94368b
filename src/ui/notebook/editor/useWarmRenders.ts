import { useEffect } from 'react';
import { cellTypeOf } from '../../../model/notebookDoc/edits';
import type { Cell } from '../../../model/nbformat/types';
import { mayHaveMath } from '../math';
import { terminalTextOf } from '../Outputs';
import { cachedAnsi, cachedMarkdown, useRenderCache, type RenderCache } from '../renderCache';
import { cutText } from '../truncate';
import { cachedHighlight, cellLanguage, useHighlighter } from '../../components/highlight/HighlightedSource';
import { foldLongLines } from '../../components/highlight/fold';

/** Below this much idle time left, the next cell waits for the next idle period (a cell takes a few ms at most). */
const SPARE_MS = 4;
/**
 * At most this much work per idle period, however long it is: an idle period can last 50 ms, and
 * input or a response the page awaits (an open reads and loads) would wait behind all of it.
 */
const SLICE_MS = 6;
/** Nothing is made ahead until the list has been shown this long: an open has its own work to do first. */
const START_MS = 1500;
/**
 * Nor within this long of the user's last key, click or wheel: a key pressed during a slice waits
 * for it (and typing is when idle periods are short), so the work waits for a pause instead.
 */
const AFTER_INPUT_MS = 1000;
const INPUTS = ['keydown', 'pointerdown', 'wheel'] as const;

type Highlight = NonNullable<ReturnType<typeof useHighlighter>>;

/** What the cell shows from its text, made into the cache as the cell's components make it. */
function warm(cell: Cell, cache: RenderCache, highlight: Highlight | null) {
  if (cell.cell_type === 'markdown') {
    // Math waits for KaTeX, attachments are not kept: both are made on mount.
    if (cell.source.trim() && !cell.attachments && !mayHaveMath(cell.source)) cachedMarkdown(cache, cell.source, null);
    return;
  }
  if (highlight && cell.cell_type === 'code') cachedHighlight(cache, highlight, foldLongLines(cell.source).text, cellLanguage(cellTypeOf(cell))); // as HighlightedSource shows it
  if (cell.cell_type !== 'code') return;
  for (const output of cell.outputs) {
    const text = terminalTextOf(output);
    if (text !== null) cachedAnsi(cache, cutText(text)?.head ?? text);
  }
}

/**
 * Renders the cells' text (markdown, coloured code, stream outputs) into the list's cache in idle
 * time, first cell first: a cell scrolled into view then mounts without that work in its frame.
 */
export function useWarmRenders(cells: Cell[]) {
  const cache = useRenderCache();
  const highlight = useHighlighter();
  useEffect(() => {
    let next = 0;
    let idle: number | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let inputAt = -Infinity;
    const input = () => {
      inputAt = performance.now();
    };
    for (const type of INPUTS) window.addEventListener(type, input, { capture: true, passive: true });
    const work = (spare: () => number) => {
      const sinceInput = performance.now() - inputAt;
      if (sinceInput < AFTER_INPUT_MS) {
        timer = setTimeout(schedule, AFTER_INPUT_MS - sinceInput);
        return;
      }
      const end = performance.now() + SLICE_MS;
      while (next < cells.length && Math.min(spare(), end - performance.now() + SPARE_MS) > SPARE_MS) warm(cells[next++], cache, highlight);
      if (next < cells.length) schedule();
    };
    const schedule = () => {
      if (typeof requestIdleCallback === 'function') idle = requestIdleCallback((deadline) => work(() => deadline.timeRemaining()));
      // No idle callbacks (Safari): a slice between frames.
      else timer = setTimeout(() => work(() => Infinity), 50);
    };
    timer = setTimeout(schedule, START_MS);
    return () => {
      for (const type of INPUTS) window.removeEventListener(type, input, { capture: true });
      if (idle !== undefined) cancelIdleCallback(idle);
      clearTimeout(timer);
    };
  }, [cells, cache, highlight]);
}

import type { EventEntry } from '../support/eventTiming';

/** Where the measures look in a notebook page: ours and classic Jupyter's differ only in these. */
export interface NotebookSelectors {
  /** Every cell in the DOM (ours: the virtualized window of them). */
  cell: string;
  /** A code cell. */
  code: string;
  /** The element a click in a cell's source lands on. */
  source: string;
  /** The editor's rendered text (CodeMirror's content, ours and classic Jupyter's). */
  text: string;
  /** The element that scrolls the cells. */
  scroller: string;
  /** The notebook's last cell, once it is in the DOM. */
  last: string;
}

export interface TypingRecord {
  entries: EventEntry[];
  armedAt: number[];
  /** Per keystroke: from its keydown's timestamp to after the next frame's paint (wall time, vsync wait included). */
  work: number[];
  /** keydown events Chromium counted meanwhile (performance.eventCounts). */
  keydowns: number;
}

export interface ScrollRecord {
  work: number[];
  intervals: number[];
  longFrames: number | null;
  scrolledTo: number;
}

/** What IN_PAGE installs as window.nbBench. */
export interface NotebookBenchWindow {
  nbBench: {
    /** Clicks the link named `text` (a client-side navigation); performance.now() at the click. */
    clickLink(text: string): number;
    /** Waits until the cells fill the scroller's visible height; performance.now() after that frame's paint. */
    firstScreen(s: NotebookSelectors, limitMs: number): Promise<number>;
    /** Picks the visible code cell nearest the scroller's middle; the centre of its source, in viewport pixels. */
    pickMiddle(s: NotebookSelectors): { x: number; y: number; index: number };
    /** Waits until the picked cell's editor (a textarea, or CodeMirror's content element) has the focus. */
    focused(limitMs: number): Promise<number>;
    /** Waits until the picked cell's text holds `char`; performance.now() after that frame's paint. */
    shows(s: NotebookSelectors, char: string, limitMs: number): Promise<number>;
    startTyping(): void;
    arm(): void;
    keystrokeDone(): Promise<number>;
    stopTyping(): Promise<TypingRecord>;
    /** Readwrite IndexedDB transactions over `store` begun since `since`: their start and end. */
    writesSince(store: string, since: number): { start: number; end: number | null }[];
    lastInputAt(): number;
    jumpToEnd(s: NotebookSelectors, limitMs: number): Promise<number>;
    scrollThrough(s: NotebookSelectors, step: number, maxFrames: number): Promise<ScrollRecord>;
  };
}

/**
 * Times IndexedDB's readwrite transactions into window.nbBenchWrites, for page.addInitScript: Dexie
 * binds IDBDatabase.prototype.transaction when it opens its database, so the wrapper must come first.
 */
export const IDB_INIT = `(() => {
  const writes = (window.nbBenchWrites = []);
  const transaction = IDBDatabase.prototype.transaction;
  IDBDatabase.prototype.transaction = function (stores, mode, options) {
    const tx = transaction.call(this, stores, mode, options);
    if (mode === 'readwrite') {
      const write = { stores: [...tx.objectStoreNames], start: performance.now(), end: null };
      writes.push(write);
      tx.addEventListener('complete', () => { write.end = performance.now(); });
    }
    return tx;
  };
})()`;

/**
 * Plain JavaScript for page.evaluate (tsx would wrap named functions written in TypeScript in a
 * helper the page lacks), the same for our editor and classic Jupyter's page. Frame work is
 * measured as in the grid suite (first task of the frame → a message posted from rAF, which runs
 * after that frame's paint); a keystroke from its keydown to after the next paint.
 */
export const IN_PAGE = `(() => {
  if (window.nbBench) return;
  const frame = () => new Promise((done) => requestAnimationFrame(() => done(performance.now())));
  const tick = () => new Promise((done) => { const c = new MessageChannel(); c.port1.onmessage = () => done(performance.now()); c.port2.postMessage(0); });
  const until = async (what, ready, limitMs) => {
    const start = performance.now();
    for (;;) {
      const value = ready();
      if (value) return value;
      if (performance.now() - start > limitMs) throw new Error(what + ' not within ' + limitMs + ' ms');
      await frame();
    }
  };
  // Watched only while typing is measured: during a page's load it would cost the page being measured.
  let lastMutation = 0;
  let mutations = null;
  const watchMutations = () => {
    mutations ??= new MutationObserver(() => { lastMutation = performance.now(); });
    mutations.observe(document.documentElement, { subtree: true, childList: true, characterData: true, attributes: true });
  };
  const quietFrames = async (since) => {
    let quiet = 0;
    let previous = await frame();
    const start = previous;
    while (quiet < 2 && previous - start < 5000) {
      const now = await frame();
      quiet = lastMutation < previous && previous > since ? quiet + 1 : 0;
      previous = now;
    }
  };
  const writes = window.nbBenchWrites || [];
  let target = null;
  let inputAt = 0;
  let typing = null;
  let work = null;
  // Keys, not input events: an editor typing through an EditContext (Monaco) has no input event.
  document.addEventListener('keydown', () => { inputAt = performance.now(); }, { capture: true });
  const box = (s) => { const el = document.querySelector(s.scroller); if (!el) throw new Error('no ' + s.scroller); return el.getBoundingClientRect(); };
  const onScreen = (el, r) => { const c = el.getBoundingClientRect(); return c.height > 0 && c.bottom > r.top && c.top < r.bottom; };
  window.nbBench = {
    clickLink(text) {
      const link = [...document.querySelectorAll('a')].find((a) => (a.textContent || '').trim() === text);
      if (!link) throw new Error('no link named ' + text);
      const start = performance.now();
      link.click();
      return start;
    },
    async firstScreen(s, limitMs) {
      await until('a screen of cells', () => {
        const scroller = document.querySelector(s.scroller);
        const cells = document.querySelectorAll(s.cell);
        if (!scroller || cells.length < 3) return false;
        const r = scroller.getBoundingClientRect();
        // The last in the DOM is the lowest, in both pages.
        return cells[cells.length - 1].getBoundingClientRect().bottom >= Math.min(r.bottom, window.innerHeight) - 1;
      }, limitMs);
      return tick();
    },
    pickMiddle(s) {
      const r = box(s);
      const middle = (Math.max(r.top, 0) + Math.min(r.bottom, window.innerHeight)) / 2;
      const all = [...document.querySelectorAll(s.cell)];
      const code = all.filter((c) => c.matches(s.code) && onScreen(c, r));
      if (code.length === 0) throw new Error('no code cell on screen');
      const centre = (c) => { const b = c.getBoundingClientRect(); return (b.top + b.bottom) / 2; };
      target = code.reduce((best, c) => (Math.abs(centre(c) - middle) < Math.abs(centre(best) - middle) ? c : best));
      const source = target.querySelector(s.source);
      if (!source) throw new Error('the picked cell has no ' + s.source);
      const b = source.getBoundingClientRect();
      return { x: b.left + Math.min(b.width / 2, 120), y: b.top + b.height / 2, index: all.indexOf(target) };
    },
    async focused(limitMs) {
      const editable = (a) => a.tagName === 'TEXTAREA' || a.getAttribute('role') === 'textbox';
      await until('the picked cell focused', () => { const a = document.activeElement; return a && editable(a) && target && target.contains(a); }, limitMs);
      return performance.now();
    },
    async shows(s, char, limitMs) {
      await until('the typed ' + char, () => { const t = target && target.querySelector(s.text); return t && (t.textContent || '').includes(char); }, limitMs);
      return tick();
    },
    startTyping() {
      watchMutations();
      typing = { entries: [], armedAt: [], work: [], keydowns: performance.eventCounts.get('keydown') || 0 };
      typing.observer = new PerformanceObserver((list) => {
        for (const e of list.getEntries()) typing.entries.push({ name: e.name, startTime: e.startTime, duration: e.duration, processingStart: e.processingStart, processingEnd: e.processingEnd });
      });
      typing.observer.observe({ type: 'event', durationThreshold: 16 });
    },
    arm() {
      work = null;
      typing.armedAt.push(performance.now());
      window.addEventListener('keydown', (event) => {
        void frame().then(() => tick().then((painted) => { work = painted - event.timeStamp; }));
      }, { capture: true, once: true });
    },
    async keystrokeDone() {
      await until('an input event and a frame after it', () => work !== null, 5000);
      typing.work.push(work);
      await quietFrames(inputAt);
      return work;
    },
    async stopTyping() {
      await new Promise((done) => setTimeout(done, 200)); // entries come after their paint
      for (const e of typing.observer.takeRecords()) typing.entries.push({ name: e.name, startTime: e.startTime, duration: e.duration, processingStart: e.processingStart, processingEnd: e.processingEnd });
      typing.observer.disconnect();
      mutations.disconnect();
      const { entries, armedAt, work } = typing;
      return { entries, armedAt, work, keydowns: (performance.eventCounts.get('keydown') || 0) - typing.keydowns };
    },
    writesSince(store, since) {
      return writes.filter((w) => w.start >= since && w.stores.includes(store)).map((w) => ({ start: w.start, end: w.end }));
    },
    lastInputAt() {
      return inputAt;
    },
    async jumpToEnd(s, limitMs) {
      const el = document.querySelector(s.scroller);
      const start = performance.now();
      el.scrollTop = el.scrollHeight;
      await until('the last cell', () => { const last = document.querySelector(s.last); return last && onScreen(last, el.getBoundingClientRect()); }, limitMs);
      return (await tick()) - start;
    },
    async scrollThrough(s, step, maxFrames) {
      const el = document.querySelector(s.scroller);
      el.scrollTo(0, 0);
      await frame();
      const record = { work: [], intervals: [], longFrames: null, scrolledTo: 0 };
      let firstScroll = 0;
      const onScroll = () => { firstScroll ||= performance.now(); };
      document.addEventListener('scroll', onScroll, { capture: true, passive: true });
      const long = PerformanceObserver.supportedEntryTypes.includes('long-animation-frame') ? { count: 0 } : null;
      const observer = long && new PerformanceObserver((list) => { long.count += list.getEntries().length; });
      if (observer) observer.observe({ type: 'long-animation-frame' });
      const marks = [];
      let top = 0;
      let maxTop = el.scrollHeight - el.clientHeight;
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        record.work.push(performance.now() - marks.shift());
        maxTop = el.scrollHeight - el.clientHeight; // after the paint: nothing left to lay out
      };
      await new Promise((done) => {
        let k = 0;
        let previous = 0;
        const step1 = (now) => {
          marks.push(firstScroll || performance.now());
          firstScroll = 0;
          channel.port2.postMessage(null);
          if (previous) record.intervals.push(now - previous);
          previous = now;
          if (top >= maxTop || k++ >= maxFrames) return void setTimeout(done, 50);
          top = Math.min(maxTop, top + step);
          record.scrolledTo = top;
          el.scrollTo(0, top);
          requestAnimationFrame(step1);
        };
        requestAnimationFrame(step1);
      });
      document.removeEventListener('scroll', onScroll, { capture: true });
      await new Promise((done) => setTimeout(done, 100));
      if (observer) observer.disconnect();
      record.longFrames = long ? long.count : null;
      record.work.shift(); // the first frame only starts the run
      return record;
    },
  };
})()`;

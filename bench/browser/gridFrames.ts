import type { GridScrollTiming } from './api';

/** px per frame: about 7 rows, a fast wheel or scrollbar drag (≈ 12,000 px/s at 60 Hz). */
const STEP_Y = 200;
const STEP_X = 90;

interface Track {
  top: number;
  left: number;
  maxTop: number;
  maxLeft: number;
}

/**
 * Where frame `k` of `frames` puts the scroller: steady steps down, a big jump every 40 frames
 * (scrollbar drags to another part of 100,000 rows), and a stretch of sideways steps through the
 * columns. Positions are tracked here, not read back, so the bench forces no layout of its own.
 */
function advance(k: number, frames: number, at: Track): void {
  const jumps = [0.35, 0.8, 0.1, 0.55, 0.97];
  if (k > 0 && k % 40 === 0) {
    at.top = Math.round(at.maxTop * jumps[(k / 40 - 1) % jumps.length]);
  } else if (k > frames * 0.6 && k < frames * 0.8) {
    at.left = Math.min(at.maxLeft, at.left + STEP_X);
  } else {
    at.top = Math.min(at.maxTop, at.top + STEP_Y);
  }
}

/** Counts long animation frames (Chromium's LoAF API) while `work` runs; null where unsupported. */
async function countLongFrames(work: () => Promise<void>): Promise<number | null> {
  if (!PerformanceObserver.supportedEntryTypes?.includes('long-animation-frame')) {
    await work();
    return null;
  }
  let count = 0;
  const observer = new PerformanceObserver((list) => {
    count += list.getEntries().length;
  });
  observer.observe({ type: 'long-animation-frame' });
  await work();
  await new Promise((done) => setTimeout(done, 100)); // entries are delivered asynchronously
  observer.disconnect();
  return count;
}

interface FrameMark {
  /** The frame's vsync time (the rAF timestamp). */
  vsync: number;
  /** When the main thread began the frame's work: its first scroll event, else the rAF callback. */
  begun: number;
}

/**
 * Scrolls `el` programmatically, one position per animation frame, and times each frame's main-thread
 * work the way Long Animation Frames count it: from the frame's first task (the scroll event, which a
 * capturing listener sees before the grid's own; else the rAF callback) to a message posted from rAF,
 * which runs only after that frame's style, layout and paint. The time from vsync is kept as well:
 * it adds the wait for the main thread, which a busy machine lengthens.
 */
export async function measureScroll(el: HTMLElement | null, frames: number): Promise<GridScrollTiming> {
  if (!el) throw new Error('no grid to scroll');
  el.scrollTo(0, 0);
  const at: Track = { top: 0, left: 0, maxTop: el.scrollHeight - el.clientHeight, maxLeft: el.scrollWidth - el.clientWidth };
  const timing: GridScrollTiming = { work: [], fromVsync: [], intervals: [], longFrames: null, maxScrollTop: 0 };
  let firstScroll = 0;
  const onScroll = () => {
    firstScroll ||= performance.now();
  };
  document.addEventListener('scroll', onScroll, { capture: true, passive: true });
  const marks: FrameMark[] = [];
  const channel = new MessageChannel();
  channel.port1.onmessage = () => {
    const mark = marks.shift() as FrameMark;
    const end = performance.now();
    timing.work.push(end - mark.begun);
    timing.fromVsync.push(end - mark.vsync);
  };
  timing.longFrames = await countLongFrames(
    () =>
      new Promise<void>((done) => {
        let k = 0;
        let previous = 0;
        const tick = (now: number) => {
          marks.push({ vsync: now, begun: firstScroll || performance.now() });
          firstScroll = 0;
          channel.port2.postMessage(null);
          if (previous) timing.intervals.push(now - previous);
          previous = now;
          timing.maxScrollTop = Math.max(timing.maxScrollTop, at.top);
          if (k === frames) return void setTimeout(done, 50);
          advance(k++, frames, at);
          el.scrollTo(at.left, at.top);
          requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      }),
  );
  document.removeEventListener('scroll', onScroll, { capture: true });
  // The first frame only starts the run; it has no scroll to handle.
  timing.work.shift();
  timing.fromVsync.shift();
  return timing;
}

/** What the workspace bench installs in the page (IN_PAGE). */
export interface WorkspaceBenchWindow {
  workspaceBench: {
    /** Clicks the folder's link; ms until the first of its rows is painted. */
    openFolder(name: string): Promise<number>;
    /** Two frames with nothing changing. */
    settle(): Promise<void>;
    /** Listens for the next input event. */
    armKeystroke(): void;
    /** Main-thread busy ms from that input event until the page is painted and quiet. */
    keystrokeDone(): Promise<number>;
    /** Wall ms from that input event until the URL holds `q` and the page is painted and quiet. */
    filteredDone(q: string): Promise<number>;
  };
}

/**
 * Plain JavaScript for page.evaluate (tsx would wrap named functions written in TypeScript in a
 * helper the page lacks). Busy time is read from a chain of MessageChannel ticks: an idle main
 * thread runs them back to back, so a gap between two ticks (or from the input event to the
 * first) longer than GAP_MS is time the page spent working: event handling, React, style, layout,
 * paint. Done is two frames in a row with no DOM mutation, then one more tick (the paint).
 */
export const IN_PAGE = `(() => {
  const GAP_MS = 1;
  const frame = () => new Promise((done) => requestAnimationFrame(() => done(performance.now())));
  const tick = () => new Promise((done) => { const c = new MessageChannel(); c.port1.onmessage = () => done(performance.now()); c.port2.postMessage(0); });
  let lastMutation = 0;
  new MutationObserver(() => { lastMutation = performance.now(); }).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
  let inputAt = null;
  let ticks = [];
  let ticking = false;
  const chain = async () => {
    while (ticking) ticks.push(await tick());
  };
  const quietFrames = async (since) => {
    let quiet = 0;
    let previous = await frame();
    while (quiet < 2) {
      const now = await frame();
      quiet = lastMutation < previous && previous > since ? quiet + 1 : 0;
      previous = now;
    }
  };
  const firstChildRow = () =>
    [...document.querySelectorAll('a')].find((a) => /^\\s*(nb|report)-\\d{5}\\.ipynb\\s*$/.test(a.textContent || ''));
  window.workspaceBench = {
    async openFolder(name) {
      const link = [...document.querySelectorAll('a')].find((a) => (a.textContent || '').trim() === name);
      if (!link) throw new Error('no link named ' + name);
      const start = performance.now();
      link.click();
      for (;;) {
        await frame();
        if (firstChildRow()) break;
        if (performance.now() - start > 20000) throw new Error('no rows of ' + name + ' after 20 s');
      }
      await tick(); // after the frame that showed them
      return performance.now() - start;
    },
    async settle() {
      await quietFrames(performance.now());
    },
    armKeystroke() {
      inputAt = null;
      ticks = [];
      document.addEventListener('input', () => {
        inputAt = performance.now();
        ticking = true;
        void chain();
      }, { capture: true, once: true });
    },
    async keystrokeDone() {
      const start = performance.now();
      while (inputAt === null) {
        if (performance.now() - start > 5000) throw new Error('no input event');
        await frame();
      }
      await quietFrames(inputAt);
      await tick();
      ticking = false;
      const points = [inputAt, ...ticks];
      let busy = 0;
      for (let i = 1; i < points.length; i++) busy += Math.max(0, points[i] - points[i - 1] - GAP_MS);
      return busy;
    },
    async filteredDone(q) {
      const start = performance.now();
      while (new URLSearchParams(location.search).get('q') !== q) {
        if (performance.now() - start > 10000) throw new Error('the URL never held q=' + q);
        await frame();
      }
      await quietFrames(performance.now());
      await tick();
      return performance.now() - inputAt;
    },
  };
})()`;

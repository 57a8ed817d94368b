/** What the workspace bench installs in the page (IN_PAGE). */
export interface WorkspaceBenchWindow {
  workspaceBench: {
    /** Clicks the folder's link; ms until the first of its rows is painted. */
    openFolder(name: string): Promise<number>;
    /** Two frames with nothing changing. */
    settle(): Promise<void>;
    /** Listens for the next input event. */
    armKeystroke(): void;
    /** Main-thread ms of that input event's task plus the next frame (its rAF → after paint), the wait for vsync left out; resolves once the page is quiet. */
    keystrokeDone(): Promise<number>;
    /** Wall ms from that input event until the URL holds `q` and the page is painted and quiet. */
    filteredDone(q: string): Promise<number>;
  };
}

/**
 * Plain JavaScript for page.evaluate (tsx would wrap named functions written in TypeScript in a
 * helper the page lacks). A keystroke's work is measured as the catalog suite does: the input
 * event (handlers, and the React render and commit flushed in its microtask), then the next frame
 * from its rAF to the message that runs after its paint. Quiet is two frames in a row with no DOM mutation.
 */
export const IN_PAGE = `(() => {
  const frame = () => new Promise((done) => requestAnimationFrame(() => done(performance.now())));
  const tick = () => new Promise((done) => { const c = new MessageChannel(); c.port1.onmessage = () => done(performance.now()); c.port2.postMessage(0); });
  let lastMutation = 0;
  new MutationObserver(() => { lastMutation = performance.now(); }).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
  let inputAt = null;
  let work = null;
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
      work = null;
      document.addEventListener('input', () => { inputAt = performance.now(); }, { capture: true, once: true });
      // After React's handler and the render it flushes in a microtask: the input's own work is done.
      window.addEventListener('input', () => {
        queueMicrotask(() => {
          const handled = performance.now();
          void frame().then((frameStart) => tick().then((painted) => { work = handled - inputAt + (painted - frameStart); }));
        });
      }, { once: true });
    },
    async keystrokeDone() {
      const start = performance.now();
      while (work === null) {
        if (performance.now() - start > 5000) throw new Error('no input event, or no frame after it');
        await frame();
      }
      await quietFrames(inputAt);
      return work;
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

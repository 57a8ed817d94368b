import type { Page } from '@playwright/test';
import { sleep, within } from './time';

/**
 * Plain JavaScript for page.evaluate (tsx would wrap a named function in a helper the page lacks):
 * resolves with performance.now() after the paint of the first frame where `painted` (a function's
 * source, run in the page) answers true; a task posted from requestAnimationFrame runs after that paint.
 */
const WHEN_PAINTED = `(painted) => new Promise((done) => {
  const check = () => {
    if (!painted()) return void requestAnimationFrame(check);
    const channel = new MessageChannel();
    channel.port1.onmessage = () => done(performance.now());
    channel.port2.postMessage(null);
  };
  requestAnimationFrame(check);
})`;

/** performance.now() in the page once `painted` holds, after its paint. */
export function paintedAt(page: Page, painted: string, what: string): Promise<number> {
  return within(60_000, what, page.evaluate(`(${WHEN_PAINTED})(${painted})`) as Promise<number>);
}

/** Cold: a new page; navigation start (performance's time origin) → painted. */
export async function coldOpen(page: Page, url: string, painted: string, what: string): Promise<number> {
  await page.goto(url, { waitUntil: 'commit' });
  return paintedAt(page, painted, what);
}

/** A client-side navigation (react-router follows popstate, in Airflow's UI as in ours): the app stays loaded. */
export async function pushPath(page: Page, path: string): Promise<number> {
  return page.evaluate((to) => {
    const start = performance.now();
    history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
    return start;
  }, path);
}

/** Warm: the app loaded, coming from `from` (left to settle), a client-side navigation to `path` → painted. */
export async function warmOpen(page: Page, from: string, path: string, painted: string, what: string): Promise<number> {
  await pushPath(page, from);
  await sleep(1500);
  const start = await pushPath(page, path);
  return (await paintedAt(page, painted, what)) - start;
}

/** At least `n` elements matching `selector` drawn inside the viewport. */
export function cellsInView(selector: string, n: number): string {
  return `() => {
    let seen = 0;
    for (const el of document.querySelectorAll(${JSON.stringify(selector)})) {
      const r = el.getBoundingClientRect();
      if (r.width > 0 && r.bottom > 0 && r.top < innerHeight && r.left < innerWidth && ++seen >= ${n}) return true;
    }
    return false;
  }`;
}

/** Some element matching `selector` shows text matching `pattern` inside the viewport. */
export function textInView(selector: string, pattern: RegExp): string {
  return `() => {
    for (const el of document.querySelectorAll(${JSON.stringify(selector)})) {
      if (!${pattern.toString()}.test(el.textContent)) continue;
      const r = el.getBoundingClientRect();
      if (r.width > 0 && r.bottom > 0 && r.top < innerHeight) return true;
    }
    return false;
  }`;
}

import { gzipSync } from 'node:zlib';
import type { BrowserContext, Page } from '@playwright/test';
import { ADMIN_PASSWORD } from '../../tests/support/consoleServer';
import { median, result, type BenchContext, type BenchSuite } from '../types';

const SUITE = 'shell';
const RUNS = 7;
/** Chunks that belong to editors (Monaco and friends), which the shell budget leaves out. */
const EDITOR_CHUNK = /monaco|editor\.(main|worker)|\.worker-/i;

/**
 * Records the gzip size of every script the page loads, by URL. Bodies arrive after their
 * responses, so `sizes()` waits for every read begun so far (else a late chunk goes uncounted).
 */
function recordScripts(page: Page): { sizes: () => Promise<Map<string, number>> } {
  const sizes = new Map<string, number>();
  const reads: Promise<void>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    reads.push(
      response.body().then(
        (body) => void sizes.set(response.url(), gzipSync(body, { level: 9 }).length),
        () => undefined, // a script the page abandoned mid-flight
      ),
    );
  });
  return {
    sizes: async () => {
      await Promise.all(reads);
      return sizes;
    },
  };
}

const kb = (sizes: Iterable<number>) => [...sizes].reduce((a, b) => a + b, 0) / 1024;

/** Milliseconds from navigation start until the username field is on screen and enabled. */
async function loginFormReady(page: Page): Promise<number> {
  const handle = await page.waitForFunction(
    () => {
      const input = document.querySelector<HTMLInputElement>('input[name="username"]');
      return input && !input.disabled && input.getBoundingClientRect().height > 0 ? performance.now() : false;
    },
    undefined,
    { polling: 'raf', timeout: 30_000 },
  );
  return (await handle.jsonValue()) as number;
}

async function scriptSizes(ctx: BenchContext) {
  const context = await ctx.browser.newContext({ baseURL: ctx.server.url });
  const page = await context.newPage();
  const scripts = recordScripts(page);
  await page.goto('/auth/login');
  await loginFormReady(page);
  await page.waitForLoadState('networkidle');
  const loginKb = kb((await scripts.sizes()).values());
  await page.getByPlaceholder('Enter your username').fill('admin');
  await page.getByPlaceholder('Enter your password').fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.getByRole('heading', { name: 'Shortcuts' }).waitFor();
  await page.waitForLoadState('networkidle');
  const shellKb = kb([...(await scripts.sizes())].filter(([url]) => !EDITOR_CHUNK.test(url)).map(([, size]) => size));
  await context.close();
  return { loginKb, shellKb };
}

async function timeLoginForm(ctx: BenchContext, warm: boolean): Promise<number[]> {
  const times: number[] = [];
  let context: BrowserContext | null = null;
  for (let i = 0; i < RUNS; i++) {
    if (!warm || !context) {
      await context?.close();
      context = await ctx.browser.newContext({ baseURL: ctx.server.url });
    }
    const page = context.pages()[0] ?? (await context.newPage());
    if (warm && i === 0) await page.goto('/auth/login').then(() => loginFormReady(page)); // fills the cache
    await page.goto('/auth/login');
    times.push(await loginFormReady(page));
  }
  await context?.close();
  return times;
}

export const bundleSuite: BenchSuite = {
  name: SUITE,
  async run(ctx) {
    const { loginKb, shellKb } = await scriptSizes(ctx);
    const cold = await timeLoginForm(ctx, false);
    const warm = await timeLoginForm(ctx, true);
    return [
      result(SUITE, 'JS for the login route (gzip)', loginKb, 'KB', 150),
      result(SUITE, 'JS for the admin shell, no editor chunks (gzip)', shellKb, 'KB', 250),
      result(SUITE, 'navigation → interactive login form, cold (median)', median(cold), 'ms', undefined, `${RUNS} runs, new browser context each`),
      result(SUITE, 'navigation → interactive login form, warm (median)', median(warm), 'ms', undefined, `${RUNS} runs, HTTP cache filled`),
    ];
  },
};

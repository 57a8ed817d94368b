import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type LaunchOptions } from '@playwright/test';

/** How every bench Chromium is launched (run.ts's shared browser and the on-disk profiles below). */
export const CHROMIUM_LAUNCH: LaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update'],
};

export interface DiskProfile {
  context: BrowserContext;
  close(): Promise<void>;
}

/**
 * A Chromium with a real profile directory. Contexts from browser.newContext() are off-the-record,
 * and Chromium keeps their IndexedDB in memory — too kind to write throughput and useless for
 * storage size. Measures of IndexedDB itself run here, on disk, like an installed console.
 */
export async function openDiskProfile(): Promise<DiskProfile> {
  const dir = await mkdtemp(join(tmpdir(), 'console-bench-profile-'));
  const context = await chromium.launchPersistentContext(dir, CHROMIUM_LAUNCH);
  return {
    context,
    async close() {
      await context.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

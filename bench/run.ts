import { writeFile } from 'node:fs/promises';
import { cpus, totalmem } from 'node:os';
import { resolve } from 'node:path';
import { chromium } from '@playwright/test';
import { ConsoleServer } from '../tests/support/consoleServer';
import { bundleSuite } from './suites/bundle.bench';
import type { BenchResult, BenchSuite } from './types';

/** Every benchmark suite; later issues add theirs here. */
const suites: BenchSuite[] = [bundleSuite];

function printTable(results: BenchResult[]) {
  const rows = results.map((r) => ({
    suite: r.suite,
    measure: r.name,
    value: `${r.value} ${r.unit}`,
    budget: r.budget === undefined ? '' : `≤ ${r.budget} ${r.unit}`,
    ok: r.ok === undefined ? '' : r.ok ? 'yes' : 'NO',
  }));
  console.table(rows);
}

async function main() {
  const only = process.argv.slice(2);
  const server = await ConsoleServer.start();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update'],
  });
  const results: BenchResult[] = [];
  try {
    for (const suite of suites.filter((s) => only.length === 0 || only.includes(s.name))) {
      console.log(`bench: ${suite.name}…`);
      results.push(...(await suite.run({ server, browser })));
    }
  } finally {
    await browser.close();
    await server.dispose();
  }
  const report = {
    generatedAt: new Date().toISOString(),
    machine: { cpus: cpus().length, cpuModel: cpus()[0]?.model, memoryGiB: Math.round(totalmem() / 2 ** 30), node: process.version },
    results,
  };
  await writeFile(resolve(import.meta.dirname, 'results.json'), `${JSON.stringify(report, null, 2)}\n`);
  printTable(results);
  const broken = results.filter((r) => r.ok === false);
  if (broken.length > 0) console.log(`${broken.length} budget(s) broken.`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});

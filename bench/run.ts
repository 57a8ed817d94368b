import { readFile, writeFile } from 'node:fs/promises';
import { cpus, loadavg, totalmem } from 'node:os';
import { resolve } from 'node:path';
import { chromium } from '@playwright/test';
import { ConsoleServer } from '../tests/support/consoleServer';
import { airflowSuite } from './suites/airflow.bench';
import { bundleSuite } from './suites/bundle.bench';
import { catalogSuite } from './suites/catalog.bench';
import { crosstabSuite } from './suites/crosstab.bench';
import { eventlogSuite } from './suites/eventlog.bench';
import { executeSuite } from './suites/execute.bench';
import { gridSuite } from './suites/grid.bench';
import { jupyterhubSuite } from './suites/jupyterhub.bench';
import { kernelsSuite } from './suites/kernels.bench';
import { loadSuite } from './suites/load.bench';
import { notebookSuite } from './suites/notebook.bench';
import { replaySuite } from './suites/replay.bench';
import { supersetSuite } from './suites/superset.bench';
import { workflowSuite } from './suites/workflow.bench';
import { workspaceSuite } from './suites/workspace.bench';
import { CHROMIUM_LAUNCH } from './support/chromium';
import type { BenchResult, BenchSuite } from './types';

/** Every benchmark suite; later issues add theirs here. */
const suites: BenchSuite[] = [bundleSuite, eventlogSuite, crosstabSuite, replaySuite, gridSuite, executeSuite, catalogSuite, loadSuite, workspaceSuite, kernelsSuite, notebookSuite, workflowSuite, airflowSuite, supersetSuite, jupyterhubSuite];

const RESULTS_FILE = resolve(import.meta.dirname, 'results.json');

async function previousResults(): Promise<BenchResult[]> {
  try {
    return (JSON.parse(await readFile(RESULTS_FILE, 'utf8')) as { results: BenchResult[] }).results;
  } catch {
    return [];
  }
}

function printTable(results: BenchResult[]) {
  const rows = results.map((r) => ({
    suite: r.suite,
    measure: r.name,
    value: `${r.value} ${r.unit}`,
    budget: r.budget === undefined ? '' : `${r.atLeast ? '≥' : '≤'} ${r.budget} ${r.unit}`,
    ok: r.ok === undefined ? '' : r.ok ? 'yes' : 'NO',
  }));
  console.table(rows);
}

async function main() {
  const only = process.argv.slice(2);
  const unknown = only.filter((name) => !suites.some((s) => s.name === name));
  if (unknown.length > 0) throw new Error(`unknown suite(s) ${unknown.join(', ')}; there are ${suites.map((s) => s.name).join(', ')}`);
  // A busy machine skews every number; the report keeps the 1-minute load seen before and after.
  const loadBefore = loadavg()[0];
  const server = await ConsoleServer.start();
  const browser = await chromium.launch(CHROMIUM_LAUNCH);
  const results: BenchResult[] = [];
  const errors: { suite: string; error: string }[] = [];
  try {
    for (const suite of suites.filter((s) => only.length === 0 || only.includes(s.name))) {
      console.log(`bench: ${suite.name}…`);
      try {
        results.push(...(await suite.run({ server, browser })));
      } catch (error) {
        // One broken suite should not cost the others' numbers; it is reported and fails the run.
        console.error(`bench: ${suite.name} failed:`, error);
        errors.push({ suite: suite.name, error: error instanceof Error ? error.message : String(error) });
      }
    }
  } finally {
    await browser.close();
    await server.dispose();
  }
  // A run of some suites keeps the other suites' last results (and says when those were made).
  const kept = only.length === 0 ? [] : (await previousResults()).filter((r) => !only.includes(r.suite));
  const report = {
    generatedAt: new Date().toISOString(),
    machine: {
      cpus: cpus().length,
      cpuModel: cpus()[0]?.model,
      memoryGiB: Math.round(totalmem() / 2 ** 30),
      node: process.version,
      loadAverage1m: { before: loadBefore, after: loadavg()[0] },
    },
    ...(only.length === 0 ? {} : { suitesRun: only }),
    results: [...kept, ...results],
    errors,
  };
  await writeFile(RESULTS_FILE, `${JSON.stringify(report, null, 2)}\n`);
  printTable(results);
  const broken = results.filter((r) => r.ok === false);
  if (broken.length > 0) console.log(`${broken.length} budget(s) broken.`);
  if (errors.length > 0) {
    console.log(`${errors.length} suite(s) failed: ${errors.map((e) => e.suite).join(', ')}`);
    process.exitCode = 1;
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});

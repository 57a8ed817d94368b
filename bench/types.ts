import type { Browser } from '@playwright/test';
import type { ConsoleServer } from '../tests/support/consoleServer';

export interface BenchResult {
  suite: string;
  name: string;
  value: number;
  unit: string;
  /** The DESIGN.md budget, when there is one; `ok` compares against it. */
  budget?: number;
  /** The budget is a floor (e.g. requests per second): `ok` when value ≥ budget. */
  atLeast?: boolean;
  ok?: boolean;
  note?: string;
}

export interface BenchContext {
  server: ConsoleServer;
  browser: Browser;
}

export interface BenchSuite {
  name: string;
  run(ctx: BenchContext): Promise<BenchResult[]>;
}

export function result(suite: string, name: string, value: number, unit: string, budget?: number, note?: string): BenchResult {
  return { suite, name, value: Math.round(value * 100) / 100, unit, budget, ok: budget === undefined ? undefined : value <= budget, note };
}

/** A result whose budget is a floor, such as a throughput. */
export function resultAtLeast(suite: string, name: string, value: number, unit: string, minimum: number, note?: string): BenchResult {
  return { suite, name, value: Math.round(value * 100) / 100, unit, budget: minimum, atLeast: true, ok: value >= minimum, note };
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

import { describe, expect, it } from 'vitest';
import { JsonBytes } from './jsonBytes';

/** What one writer call writes, as text. */
function written(write: (out: JsonBytes) => void): string {
  const out = new JsonBytes();
  write(out);
  return out.bytes().toString('utf8');
}

/** Deterministic pseudo-random integers in [0, 1). */
function randoms(seed: number): () => number {
  let x = seed;
  return () => {
    x = (x * 1103515245 + 12345) % 2147483648;
    return x / 2147483648;
  };
}

describe('JsonBytes', () => {
  it('writes integers as JSON.stringify does, up to ±(2^53 − 1)', () => {
    const values = [0, 1, -1, 9, 10, 2 ** 31 - 1, 2 ** 31, -(2 ** 31), 2 ** 32, Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER, 100080];
    const next = randoms(7);
    for (let i = 0; i < 2000; i++) values.push(Math.round((next() - 0.5) * 2 * 10 ** Math.floor(next() * 16)));
    for (const value of values) expect(written((out) => out.integer(value))).toBe(JSON.stringify(value));
  });

  it('writes a DECIMAL as JSON.stringify writes scaled / 10^scale, for every scale and size', () => {
    const cases: [number, number][] = [
      [0, 2], [1, 0], [-1, 2], [2277859, 2], [35850000, 6], [100, 2], [-100, 2], [5, 1], [1, 7], [1, 6], [10, 7], [999999, 12],
      [999_999_999_999_999, 2], [1_000_000_000_000_000, 2], [Number.MAX_SAFE_INTEGER, 4], [-Number.MAX_SAFE_INTEGER, 18], [123456789, 18],
    ];
    const next = randoms(11);
    for (let i = 0; i < 5000; i++) {
      const scaled = Math.round((next() - 0.5) * 2 * 10 ** Math.floor(next() * 16));
      cases.push([scaled, Math.floor(next() * 19)]);
    }
    for (const [scaled, scale] of cases) {
      expect(written((out) => out.decimal(scaled, scale)), `${scaled} × 10^-${scale}`).toBe(JSON.stringify(scaled / 10 ** scale));
    }
  });

  it('writes doubles as JSON.stringify does, and NaN and infinities as the text toCell gives', () => {
    for (const value of [0, -0, 1.5, -2.25, 0.1 + 0.2, 1e21, 1e-7, 5e-324, Number.MAX_VALUE, 123456.789]) {
      expect(written((out) => out.double(value))).toBe(JSON.stringify(value));
    }
    expect(written((out) => out.double(NaN))).toBe('"NaN"');
    expect(written((out) => out.double(-Infinity))).toBe('"-Infinity"');
  });

  it('grows past its first buffer without losing what it wrote', () => {
    const out = new JsonBytes();
    const text = 'x'.repeat(1000);
    for (let i = 0; i < 300; i++) out.json(text);
    out.raw(new Uint8Array([0x21]));
    const all = out.bytes().toString('utf8');
    expect(all.length).toBe(300 * 1002 + 1);
    expect(all.startsWith(`"${text}""${text}"`)).toBe(true);
    expect(all.endsWith(`"${text}"!`)).toBe(true);
  });

  it('writes any other value as JSON.stringify does, in UTF-8', () => {
    expect(written((out) => out.json({ a: ['é', '"\\\n', null] }))).toBe('{"a":["é","\\"\\\\\\n",null]}');
  });
});

import { describe, expect, it } from 'vitest';
import { createSseParser } from './kernels.sse';

describe('createSseParser', () => {
  it('yields named events across chunk borders, joins data lines, skips comments, takes CRLF', () => {
    const seen: [string, string][] = [];
    const parser = createSseParser((event, data) => seen.push([event, data]));
    for (const chunk of [': open\n\nevent: out', 'put\ndata: {"a":', '1}\n\n', 'data: x\r\ndata: y\r', '\n\r\nevent: done\ndata:{}\n\n']) parser.push(chunk);
    expect(seen).toEqual([
      ['output', '{"a":1}'],
      ['message', 'x\ny'],
      ['done', '{}'],
    ]);
  });

  it('sends nothing for a block without data', () => {
    const seen: unknown[] = [];
    const parser = createSseParser((...args) => seen.push(args));
    parser.push('event: kernel\n\n: ping\n\n');
    expect(seen).toEqual([]);
  });
});

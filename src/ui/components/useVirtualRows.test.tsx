// @vitest-environment jsdom
import { useRef } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { testRoot } from '../testing/testRoot';
import { useVirtualRows, type VirtualRows, type VirtualRowsOptions } from './useVirtualRows';

/** The virtualizer of the last render. */
const seen: { rows: VirtualRows | null } = { rows: null };
/** What each render showed: [index, start, key] of every item. */
let renders: [number, number, unknown][][];
const root = testRoot();

beforeEach(() => {
  seen.rows = null;
  renders = [];
});

/** A scroller rendering the items the hook gives (jsdom lays nothing out: the first render, before measuring, is the initial size's). */
function List({ onRender = record, ...options }: VirtualRowsOptions & { onRender?: (rows: VirtualRows) => void }) {
  const ref = useRef<HTMLDivElement>(null);
  const rows = useVirtualRows(ref, options);
  onRender(rows);
  return (
    <div ref={ref}>
      {rows.getVirtualItems().map((item) => (
        <p key={item.key} data-start={item.start}>
          {item.index}
        </p>
      ))}
    </div>
  );
}

function record(rows: VirtualRows) {
  seen.rows = rows;
  renders.push(rows.getVirtualItems().map((item) => [item.index, item.start, item.key]));
}

const first = () => renders[0].map(([index, start]) => [index, start]);

describe('useVirtualRows', () => {
  it('renders the rows in the initial view and `overscan` more, after the space before the first', () => {
    root.render(<List count={1000} size={20} overscan={5} start={84} initialSize={{ width: 300, height: 200 }} />);
    // 200 px show rows 0–5 below the 84 px header (rows 0..5 start at 84..184); 5 more beyond.
    expect(first().slice(0, 2)).toEqual([
      [0, 84],
      [1, 104],
    ]);
    expect(first().length).toBe(11);
    expect(seen.rows?.getTotalSize()).toBe(84 + 1000 * 20);
  });

  it('sizes each item by its index when sizes differ, keyed as asked', () => {
    const widths = [50, 120, 80];
    root.render(<List horizontal count={3} size={(i) => widths[i]} itemKey={(i) => `c${i}:${widths[i]}`} overscan={2} initialSize={{ width: 1000, height: 100 }} />);
    expect(renders[0].map(([, start, key]) => [key, start])).toEqual([
      ['c0:50', 0],
      ['c1:120', 50],
      ['c2:80', 170],
    ]);
  });

  it('keeps scrollToIndex clear of the header only with keepClear', () => {
    root.render(<List count={10} size={20} overscan={1} start={84} initialSize={{ width: 300, height: 200 }} />);
    expect(seen.rows?.options.scrollPaddingStart).toBe(0);
    root.render(<List count={10} size={20} overscan={1} start={84} keepClear initialSize={{ width: 300, height: 200 }} />);
    expect(seen.rows?.options.scrollPaddingStart).toBe(84);
    expect(seen.rows?.options.paddingStart).toBe(84);
  });
});

import { useVirtualizer, useWindowVirtualizer, type Virtualizer } from '@tanstack/react-virtual';
import type { Key, RefObject } from 'react';

/** A scroller's size before it is measured (a test's or a first paint's). */
export interface ViewportSize {
  width: number;
  height: number;
}

/** What every windowed list here sets up: how many, how tall (or wide), how many beyond the view. */
export interface VirtualRowsOptions {
  count: number;
  /** Each item's size until it is measured (a number when they are all alike). */
  size: number | ((index: number) => number);
  /** Items rendered beyond each edge of the view (fewer when each is costly, more when scrolling fast matters). */
  overscan: number;
  /** Space before the first item (a sticky header or name column); `keepClear` also keeps scrollToIndex clear of it. */
  start?: number;
  keepClear?: boolean;
  horizontal?: boolean;
  /** The scroller's size before it is measured, so the first render already shows rows. */
  initialSize?: ViewportSize;
  /** A stable key per item, when items move (a resized column, a moved cell). */
  itemKey?: (index: number) => Key;
  /** Where the scroller starts, read when it is first measured. */
  initialOffset?: () => number;
}

export type VirtualRows = Virtualizer<HTMLElement, Element>;
export type VirtualPageRows = Virtualizer<Window, Element>;

function virtualOptions({ count, size, overscan, start = 0, keepClear = false, horizontal = false, initialSize, itemKey, initialOffset }: VirtualRowsOptions) {
  return {
    count,
    estimateSize: typeof size === 'number' ? () => size : size,
    overscan,
    paddingStart: start,
    scrollPaddingStart: keepClear ? start : 0,
    horizontal,
    initialRect: initialSize,
    getItemKey: itemKey, // undefined leaves the virtualizer's default (the index), as for initialOffset
    initialOffset,
  };
}

/**
 * The one virtual list of the app: only the items in view (and `overscan` more) are rendered, over
 * a scrolling element (a log, a results grid's rows or columns, the DAG grid, a notebook's cells).
 */
export function useVirtualRows(scrollRef: RefObject<HTMLElement | null>, options: VirtualRowsOptions): VirtualRows {
  // The app does not run React Compiler; the virtualizer re-renders its component itself on scroll.
  // eslint-disable-next-line react-hooks/incompatible-library
  return useVirtualizer<HTMLElement, Element>({ ...virtualOptions(options), getScrollElement: () => scrollRef.current });
}

/** The same over the page's own scroll (the workspace listing: its menus are never clipped by a box); `margin` is where the list starts on the page. */
export function useVirtualPageRows(options: VirtualRowsOptions & { margin: number }): VirtualPageRows {
  return useWindowVirtualizer<Element>({ ...virtualOptions(options), scrollMargin: options.margin });
}

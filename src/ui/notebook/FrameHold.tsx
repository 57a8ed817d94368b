import { createContext, useContext, useEffect, useMemo, useState, type ReactNode, type RefObject } from 'react';

/**
 * What a list of cells tells its HTML outputs: whether it is being scrolled (a frame scrolled past
 * need not be made: each is a document of its own, often in a process of its own), and the heights
 * its frames last reported, so a frame made again (scrolled back to) starts at its height and
 * nothing below it moves.
 */
export interface FrameHold {
  scrolling: boolean;
  heights: Map<string, number>;
}

/** Outside a list (the read-only view) frames are made at once and remember nothing. */
const FrameHoldContext = createContext<FrameHold>({ scrolling: false, heights: new Map() });

/** A list's heights live as long as the list: the same HTML reports the same height at the same width. */
export function FrameHoldProvider({ scrolling, children }: { scrolling: boolean; children: ReactNode }) {
  const [heights] = useState(() => new Map<string, number>());
  const value = useMemo(() => ({ scrolling, heights }), [scrolling, heights]);
  return <FrameHoldContext.Provider value={value}>{children}</FrameHoldContext.Provider>;
}

export function useFrameHold(): FrameHold {
  return useContext(FrameHoldContext);
}

/** A scroll this long after the last scroll event has stopped. */
const SETTLE_MS = 150;

/** Whether `scroller` is being scrolled: from its first scroll event until none came for SETTLE_MS. */
export function useScrolling(scroller: RefObject<HTMLElement | null>): boolean {
  const [scrolling, setScrolling] = useState(false);
  useEffect(() => {
    const element = scroller.current;
    if (!element) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onScroll = () => {
      setScrolling(true);
      clearTimeout(timer);
      timer = setTimeout(() => setScrolling(false), SETTLE_MS);
    };
    element.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      element.removeEventListener('scroll', onScroll);
      clearTimeout(timer);
    };
  }, [scroller]);
  return scrolling;
}

import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';

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

/** Current time in epoch milliseconds; injected so tests can move time deterministically. */
export type Clock = () => number;

export const systemClock: Clock = () => Date.now();

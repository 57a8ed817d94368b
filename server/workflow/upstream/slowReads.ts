/**
 * The structure calls a big DAG can keep Airflow busy with for longer than the proxy's timeout
 * (airflow#56554: 30 s and more). Asked again after each 504, every ask would start one more of
 * them in Airflow (a 504 storm). Instead one upstream call per account and target runs at a time,
 * past the timeout; each ask waits for it up to the timeout, and an answer that came too late for
 * its asker is kept a while for the next ask.
 */

/** What of an upstream answer is kept: status, the content headers, the whole body (structure JSON). */
export interface KeptAnswer {
  status: number;
  headers: [string, string][];
  body: Buffer;
}

export type SlowOutcome = { answer: KeptAnswer } | { waitedMs: number };

const SLOW_PATH = /^\/ui\/(grid\/structure\/[^/?]+|structure\/structure_data)(\?|$)/;

export function isSlowRead(method: string, target: string): boolean {
  return method === 'GET' && SLOW_PATH.test(target);
}

interface Call {
  since: number;
  answer: Promise<KeptAnswer>;
  /** Someone asked and gave up waiting: keep the answer for the next ask. */
  late: boolean;
}

export function createSlowReads(keepMs: number, now: () => number = Date.now) {
  const calls = new Map<string, Call>();
  const forget = (key: string, call: Call) => {
    if (calls.get(key) === call) calls.delete(key);
  };
  function begin(key: string, start: () => Promise<KeptAnswer>): Call {
    const call: Call = { since: now(), answer: start(), late: false };
    calls.set(key, call);
    call.answer.then(
      () => (call.late ? setTimeout(() => forget(key, call), keepMs).unref() : forget(key, call)),
      () => forget(key, call),
    );
    return call;
  }
  /** The one call's answer for `key` (started by `start` when none runs or is kept), or how long it has run when not there within waitMs. */
  return async function read(key: string, start: () => Promise<KeptAnswer>, waitMs: number): Promise<SlowOutcome> {
    const call = calls.get(key) ?? begin(key, start);
    let timer: NodeJS.Timeout | undefined;
    const gaveUp = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), waitMs);
    });
    try {
      const answer = await Promise.race([call.answer, gaveUp]);
      if (answer !== null) return { answer };
      call.late = true;
      return { waitedMs: now() - call.since };
    } finally {
      clearTimeout(timer);
    }
  };
}

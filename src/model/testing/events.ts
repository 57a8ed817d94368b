import type { ConsoleEvent } from '../events';

/** Stored events for pure tests: seqs count up from 1 per maker, ids follow them unless given. */
export function eventMaker(): (type: string, aggregateId: string, payload: object, id?: string) => ConsoleEvent {
  let seq = 0;
  return (type, aggregateId, payload, id) => {
    seq += 1;
    return { id: id ?? `e${seq}`, seq, type, aggregateId, payload, at: 0, clientId: 'c', tabId: 't', origin: 'local', v: 1 };
  };
}

import { CARRIED_SAVE } from '../../model/saves/projection';
import { recordSaveOutcomes } from '../../db/saveOutcome';
import type { SaveRequest } from '../../sync/api/saves.api';
import { refuse, type CommandContext, type Refusal } from '../core';
import type { SaveRoute, Sender } from '../../sync/outbox/sender';
import type { WorkspaceCommands } from '../workspace/workspace';

export const NOT_REFUSED_MESSAGE = 'This save is not refused (any more): nothing to do.';
export const NO_COPY_MESSAGE = 'Only a notebook can be kept as a copy.';

/** "reports/q1.ipynb" → "reports/q1 (copy 14:05).ipynb", the path a refused notebook is kept under. */
export function copyPathFor(path: string, stamp = new Date()): string {
  const dot = path.lastIndexOf('.');
  const [stem, ext] = dot > path.lastIndexOf('/') ? [path.slice(0, dot), path.slice(dot)] : [path, ''];
  const time = `${stamp.getHours()}`.padStart(2, '0') + `${stamp.getMinutes()}`.padStart(2, '0');
  return `${stem} (copy ${time})${ext}`;
}

export interface SaveCommandDeps extends CommandContext {
  sender: Pick<Sender, 'wake'>;
  workspace: Pick<WorkspaceCommands, 'createNotebook'>;
}

/**
 * The user's way out of a refused save (the sync panel): send it again (after a 409: overwriting
 * the server's copy), keep a notebook as a copy, or drop it. Each is an outcome in the log, so every
 * tab sees it and the sender acts on it.
 */
export function createSaveCommands(deps: SaveCommandDeps) {
  const { db, identity, sender } = deps;
  const refused = async (changeId: string) => {
    const row = await db.saves.get(changeId);
    return row?.state === 'failed' ? row : null;
  };

  return {
    /** Sends every waiting save now (the server may be back before the probe notices). */
    sendNow: () => sender.wake(),
    /** A new round for a refused save, under a new key; a conflict (409) is retried without the version check. */
    async retry(changeId: string): Promise<true | Refusal> {
      const row = await refused(changeId);
      if (!row) return refuse('not-refused', NOT_REFUSED_MESSAGE);
      await recordSaveOutcomes(db, identity, [{ change: row, outcome: { kind: 'retried', attempt: row.attempt + 1, overwrite: row.status === 409 } }]);
      sender.wake();
      return true;
    },
    async discard(changeId: string): Promise<true | Refusal> {
      const row = await refused(changeId);
      if (!row) return refuse('not-refused', NOT_REFUSED_MESSAGE);
      await recordSaveOutcomes(db, identity, [{ change: row, outcome: { kind: 'discarded' } }]);
      return true;
    },
    /** A refused notebook is created again under a copy's name, and the refused save is dropped once the copy is kept. */
    async keepCopy(changeId: string): Promise<true | Refusal> {
      const row = await refused(changeId);
      const change = row && row.type === 'WorkspaceNotebookCreated' ? await db.events.get({ id: changeId }) : undefined;
      if (!row || !change) return refuse('no-copy', NO_COPY_MESSAGE);
      const { path, content } = change.payload as { path: string; content: string };
      const verdict = await deps.workspace.createNotebook(copyPathFor(path), content);
      if (verdict?.kind === 'failed') return refuse('copy-failed', `The copy was not saved either: ${verdict.message}`);
      await recordSaveOutcomes(db, identity, [{ change: row, outcome: { kind: 'discarded' } }]);
      return true;
    },
  };
}

export type SaveCommands = ReturnType<typeof createSaveCommands>;

/** Headers a carried request gets anew each round: its key (per round) and the CSRF token (fetched when sent). */
const ROUND_HEADERS = new Set(['idempotency-key', 'x-csrftoken']);

/**
 * Saves an earlier version's service worker had queued outside the log (see src/db/upgrades.ts):
 * sent as they were, the first round under their own Idempotency-Key.
 */
export function carriedSaveRoute(): SaveRoute {
  return {
    types: [CARRIED_SAVE],
    request(change, { key, attempt }) {
      const p = change.payload as { key: string; method: string; url: string; headers: Record<string, string>; body: string | null };
      let body: unknown = null;
      try {
        body = p.body === null ? null : (JSON.parse(p.body) as unknown);
      } catch {
        return { refuse: 'This queued save is not one the console can send again.' };
      }
      const headers = Object.fromEntries(Object.entries(p.headers).filter(([name]) => !ROUND_HEADERS.has(name.toLowerCase())));
      const csrf = Object.keys(p.headers).some((name) => name.toLowerCase() === 'x-csrftoken');
      return { method: p.method as SaveRequest['method'], url: p.url, headers: { ...headers, 'Idempotency-Key': attempt === 0 ? p.key : key }, body, csrf };
    },
  };
}

import { describe, expect, it } from 'vitest';
import { conflictOf, refusalOf } from './notebookSaves';
import type { SaveRow } from '../model/saves/projection';

const row = (more: Partial<SaveRow>): SaveRow => ({
  id: 'save-1', seq: 1, at: 0, aggregateId: 'workspace', type: 'WorkspaceNotebookSaved', label: 'Save a.ipynb', subject: 'a.ipynb',
  state: 'pending', attempt: 0, overwrite: false, ...more,
});

describe("an open notebook's refused save", () => {
  it('a 413 is a refusal with its reason (the editor says why), not a conflict', () => {
    const rows = [row({ state: 'failed', status: 413, message: 'Too large to save (45.0 MB…' })];
    expect(refusalOf(rows)).toEqual({ changeId: 'save-1', status: 413, message: 'Too large to save (45.0 MB…' });
    expect(conflictOf(rows)).toBeNull();
  });

  it('a 409 is a conflict (its dialog), not a refusal; a later save waiting or none refused is neither', () => {
    expect(refusalOf([row({ state: 'failed', status: 409 })])).toBeNull();
    expect(refusalOf([row({ state: 'failed', status: 413 }), row({ id: 'save-2', seq: 2 })])).toBeNull();
    expect(refusalOf([])).toBeNull();
  });

  it('a refusal without the server’s words still says it was refused', () => {
    expect(refusalOf([row({ state: 'failed', status: 0 })])?.message).toBe('The server refused this save.');
  });
});

import { describe, expect, it } from 'vitest';
import { memoryStorage } from './testing/storage';
import { memoryTabLocks } from './testing/tabLocks';
import { createTypingJournal, JOURNAL_MAX_CHARS, type TypingJournal } from './typingJournal';
import type { Typed } from '../model/notebookDoc/textMerge';

const typed = (text: string, base = '') => ({ base, text });
const note = (journal: TypingJournal, docId: string, cellId: string, typing: Typed) => journal.note(docId, cellId, typing.base.length + typing.text.length, () => typing);
const entries = async (journal: ReturnType<typeof createTypingJournal>, docId: string) =>
  (await journal.pending(docId)).map(({ cellId, typed }) => ({ cellId, typed }));

describe('the typing journal', () => {
  it('keeps each tab’s last typing per cell until the log holds it; only a gone tab’s typing is pending', async () => {
    const storage = memoryStorage();
    const locks = memoryTabLocks();
    const tab1 = createTypingJournal(storage, 't1', locks);
    const tab2 = createTypingJournal(storage, 't2', locks);
    note(tab1, 'd1', 'a', typed('pri'));
    note(tab1, 'd1', 'a', typed('print(1)'));
    note(tab2, 'd1', 'a', typed('x', 'base of t2')); // the same cell typed in another tab: its own entry
    note(tab1, 'd2', 'a', typed('other doc'));
    const reader = createTypingJournal(storage, 't3', locks);
    expect(await entries(reader, 'd1')).toEqual([]); // both tabs are alive
    locks.close('t1');
    expect(await entries(reader, 'd1')).toEqual([{ cellId: 'a', typed: typed('print(1)') }]);
    // An edit of older typing (typing went on since) leaves the entry; the same typing removes it.
    tab1.settled('d1', 'a', typed('pri'));
    expect(await entries(reader, 'd1')).toHaveLength(1);
    tab1.settled('d1', 'a', typed('print(1)'));
    expect(await entries(reader, 'd1')).toEqual([]);
    locks.close('t2');
    const [left] = await reader.pending('d1');
    expect(left).toMatchObject({ cellId: 'a', typed: typed('x', 'base of t2') });
    left.forget();
    expect(await entries(reader, 'd1')).toEqual([]);
    expect(await entries(reader, 'd2')).toEqual([{ cellId: 'a', typed: typed('other doc') }]);
  });

  it('an entry of an older console (text, no tab) or a damaged one is dropped, not written', async () => {
    const storage = memoryStorage();
    storage.setItem('console.typing.d.a', 'old text');
    storage.setItem('console.typing.d.b.gone', '{not json');
    const journal = createTypingJournal(storage, 'me', memoryTabLocks());
    expect(await journal.pending('d')).toEqual([]);
    expect(storage.length).toBe(0);
  });

  it('typing larger than it keeps is not made into text, and the tab’s older entry goes', async () => {
    const storage = memoryStorage();
    const locks = memoryTabLocks();
    const journal = createTypingJournal(storage, 't1', locks);
    note(journal, 'd', 'a', typed('small'));
    let made = 0;
    journal.note('d', 'a', JOURNAL_MAX_CHARS + 1, () => (made++, typed('x'.repeat(JOURNAL_MAX_CHARS + 1))));
    expect(made).toBe(0);
    locks.close('t1');
    expect(await createTypingJournal(storage, 't2', locks).pending('d')).toEqual([]);
  });

  it('without storage, or with a storage that throws (full, refused), it keeps nothing and never fails', async () => {
    const none = createTypingJournal(null, 'me', memoryTabLocks());
    note(none, 'd', 'a', typed('x'));
    expect(await none.pending('d')).toEqual([]);
    const full = memoryStorage();
    full.setItem = () => {
      throw new DOMException('full', 'QuotaExceededError');
    };
    const journal = createTypingJournal(full, 'me', memoryTabLocks());
    expect(() => note(journal, 'd', 'a', typed('x'))).not.toThrow();
    expect(await journal.pending('d')).toEqual([]);
  });
});

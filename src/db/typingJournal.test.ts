import { describe, expect, it } from 'vitest';
import { memoryStorage } from './testing/storage';
import { createTypingJournal } from './typingJournal';

describe('the typing journal', () => {
  it('keeps the last text typed per cell of a doc until the log holds that text', () => {
    const journal = createTypingJournal(memoryStorage());
    journal.note('d1', 'a', 'pri');
    journal.note('d1', 'a', 'print(1)');
    journal.note('d1', 'b', 'x');
    journal.note('d2', 'a', 'other doc');
    expect(journal.pending('d1')).toEqual([
      { cellId: 'a', text: 'print(1)' },
      { cellId: 'b', text: 'x' },
    ]);
    // An edit of older text (typing went on since) leaves the entry; the same text removes it.
    journal.settled('d1', 'a', 'pri');
    expect(journal.pending('d1')).toHaveLength(2);
    journal.settled('d1', 'a', 'print(1)');
    expect(journal.pending('d1')).toEqual([{ cellId: 'b', text: 'x' }]);
    expect(journal.pending('d2')).toEqual([{ cellId: 'a', text: 'other doc' }]);
  });

  it('without storage, or with a storage that throws (full, refused), it keeps nothing and never fails', () => {
    const none = createTypingJournal(null);
    none.note('d', 'a', 'x');
    expect(none.pending('d')).toEqual([]);
    const full = memoryStorage();
    full.setItem = () => {
      throw new DOMException('full', 'QuotaExceededError');
    };
    const journal = createTypingJournal(full);
    expect(() => journal.note('d', 'a', 'x')).not.toThrow();
    expect(journal.pending('d')).toEqual([]);
  });
});

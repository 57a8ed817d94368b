import { CompletionContext, type CompletionResult } from '@codemirror/autocomplete';
import { EditorState } from '@codemirror/state';
import { describe, expect, it, vi } from 'vitest';
import type { Complete } from '../../components/completion/completionSource';
import { catalogCompletion } from './catalogCompletion';

const ask = async (text: string, complete: Complete, explicit = false) => {
  const state = EditorState.create({ doc: text });
  return (await catalogCompletion(complete)(new CompletionContext(state, text.length, explicit))) as CompletionResult | null;
};

const answer = (incomplete = false): Complete =>
  vi.fn(async () => ({
    incomplete,
    suggestions: [
      { label: 'SELECT', kind: 'keyword' as const, detail: 'keyword', insertText: 'SELECT', sortText: '5SELECT' },
      { label: 'bets', kind: 'table' as const, detail: 'table in gaming', insertText: 'gaming.bets', sortText: '2bets' },
      { label: 'amount', kind: 'column' as const, detail: 'DOUBLE · bets', insertText: 'amount', sortText: '1amount' },
    ],
  }));

describe('catalogCompletion', () => {
  it("asks SQL Lab's completion for the word being typed and offers its answers, columns before tables before keywords", async () => {
    const complete = answer();
    const result = await ask('SELECT a FROM be', complete);
    expect(complete).toHaveBeenCalledWith({ sql: 'SELECT a FROM be', word: 'be', qualifier: null, invoked: false });
    expect(result?.from).toBe('SELECT a FROM '.length);
    expect(result?.options.map((o) => [o.label, o.apply, o.type])).toEqual([
      ['SELECT', 'SELECT', 'keyword'],
      ['bets', 'gaming.bets', 'class'],
      ['amount', 'amount', 'property'],
    ]);
    const boosts = result!.options.map((o) => o.boost ?? 0);
    expect(boosts[2]).toBeGreaterThan(boosts[1]);
    expect(boosts[1]).toBeGreaterThan(boosts[0]);
    // A complete list is filtered as the word grows, without asking again.
    expect(result?.validFor).toBeInstanceOf(RegExp);
  });

  it('after "schema." asks for that schema\'s names, even before a letter is typed', async () => {
    const complete = answer();
    const result = await ask('SELECT * FROM gaming.', complete);
    expect(complete).toHaveBeenCalledWith(expect.objectContaining({ word: '', qualifier: 'gaming' }));
    expect(result?.from).toBe('SELECT * FROM gaming.'.length);
  });

  it('stays quiet between words while typing, but answers Ctrl+Space anywhere', async () => {
    const complete = answer();
    expect(await ask('SELECT ', complete)).toBeNull();
    expect(complete).not.toHaveBeenCalled();
    const invoked = await ask('SELECT ', complete, true);
    expect(complete).toHaveBeenCalledWith(expect.objectContaining({ word: '', invoked: true }));
    expect(invoked?.options).toHaveLength(3);
  });

  it('asks again at the next key when the list may lack matches (the server search was cut or too slow)', async () => {
    const result = await ask('SELECT * FROM b', answer(true));
    expect(result?.validFor).toBeUndefined();
  });
});

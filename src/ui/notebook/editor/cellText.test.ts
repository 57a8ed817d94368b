import { describe, expect, it } from 'vitest';
import { CellText } from './cellText';

function cell(text = 'x = 1') {
  const shown: string[] = [];
  const typing = new CellText({ text, version: 1 }, (next) => shown.push(next));
  const type = (next: string) => typing.typed(next.length, () => next);
  return { typing, shown, type };
}

describe('CellText', () => {
  it('a second send before the first is written carries only what was typed since', () => {
    const { typing, type } = cell();
    type('x = 10');
    expect(typing.take()).toEqual({ base: 'x = 1', text: 'x = 10' });
    type('x = 100');
    expect(typing.take()).toEqual({ base: 'x = 10', text: 'x = 100' });
  });

  it('a refused send puts its base back, so the typing is sent again', () => {
    const { typing, type } = cell();
    type('x = 10');
    const sent = typing.take();
    typing.failed(sent);
    expect(typing.take()).toEqual({ base: 'x = 1', text: 'x = 10' });
  });

  it('the document’s text shows at once when nothing typed here is on its way', () => {
    const { typing, shown } = cell();
    typing.fromDocument('x = 2', 2);
    expect(shown).toEqual(['x = 2']);
    expect(typing.text).toBe('x = 2');
  });

  it('makes the text only when asked, and says its size without making it', () => {
    const { typing } = cell('ab');
    let made = 0;
    typing.typed(5, () => (made++, 'ab123'));
    expect(typing.size).toBe(7);
    expect(made).toBe(0);
    expect(typing.text).toBe('ab123');
    expect(typing.text).toBe('ab123');
    expect(made).toBe(1);
  });

  it('while a send is on its way the document waits; once written, the version holding it is merged', () => {
    const { typing, shown, type } = cell();
    type('x = 1 # a');
    const sent = typing.take();
    typing.fromDocument('# b\nx = 1', 2);
    expect(shown).toEqual([]);
    typing.written(sent, 3);
    expect(shown).toEqual([]); // version 2 does not hold our write yet
    typing.fromDocument('# b\nx = 1 # a', 3);
    expect(typing.text).toBe('# b\nx = 1 # a');
    expect(shown).toEqual(['# b\nx = 1 # a']);
  });
});

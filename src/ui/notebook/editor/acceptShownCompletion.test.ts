// @vitest-environment jsdom
import { autocompletion, completionKeymap, completionStatus, startCompletion, type CompletionSource } from '@codemirror/autocomplete';
import { defaultKeymap } from '@codemirror/commands';
import { EditorState } from '@codemirror/state';
import { EditorView, keymap } from '@codemirror/view';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { acceptShownCompletion } from './catalogCompletion';

let view: EditorView | undefined;

beforeAll(() => {
  // jsdom lays nothing out; the editor measures text ranges.
  Range.prototype.getClientRects = () => [] as unknown as DOMRectList;
  Range.prototype.getBoundingClientRect = () => new DOMRect();
});

afterEach(() => view?.destroy());

const settle = (ms = 150) => new Promise((resolve) => setTimeout(resolve, ms));

/** A source that answers its first question at once and never answers later ones (a slow server). */
function slowAfterFirst(): CompletionSource {
  let asked = 0;
  return (context) => {
    const word = context.matchBefore(/\w*/);
    if (asked++ > 0) return new Promise(() => {});
    return { from: word?.from ?? context.pos, options: [{ label: 'bet_report', apply: 'gaming.bet_report' }, { label: 'bets', apply: 'gaming.bets' }] };
  };
}

function mount(doc: string) {
  view = new EditorView({
    parent: document.body.appendChild(document.createElement('div')),
    state: EditorState.create({
      doc,
      selection: { anchor: doc.length },
      extensions: [autocompletion({ override: [slowAfterFirst()], interactionDelay: 0 }), acceptShownCompletion(), keymap.of([...completionKeymap, ...defaultKeymap])],
    }),
  });
  return view;
}

const type = (v: EditorView, text: string) => v.dispatch({ changes: { from: v.state.doc.length, insert: text }, selection: { anchor: v.state.doc.length + text.length }, userEvent: 'input.type' });
const press = (v: EditorView, key: string) => v.contentDOM.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));

describe('acceptShownCompletion', () => {
  it('Enter takes the suggestion shown while the list is asked for again', async () => {
    const v = mount('SELECT * FROM bet');
    startCompletion(v);
    await settle();
    expect(completionStatus(v.state)).toBe('active');
    type(v, '_r');
    await settle();
    expect(completionStatus(v.state)).toBe('pending');
    press(v, 'Enter');
    expect(v.state.doc.toString()).toBe('SELECT * FROM gaming.bet_report');
  });

  it('leaves Enter a newline when the word typed no longer leads to the shown suggestion', async () => {
    const v = mount('SELECT * FROM bet');
    startCompletion(v);
    await settle();
    type(v, 'x');
    await settle();
    expect(completionStatus(v.state)).toBe('pending');
    press(v, 'Enter');
    expect(v.state.doc.toString()).toBe('SELECT * FROM betx\n');
  });
});

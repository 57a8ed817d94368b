import { mergeText, type Typed } from '../../../model/notebookDoc/textMerge';

/** One cell's typing on its way to the document, as the page's typing sends it. */
export interface TypedCell {
  /** The editor's text now, and the document's text it was typed from (not taken: the crash journal keeps it). */
  readonly typing: Typed;
  /** Characters in `typing` (base and text), known without making the text (a 5 MB cell's is costly to join at every key). */
  readonly size: number;
  /** What to send: the text and the document's text it was typed from (that base moves on to it). */
  take(): Typed;
  /** The document holds `sent` from `version` on. */
  written(sent: Typed, version: number): void;
  /** `sent` was refused: typing since stays relative to its base. */
  failed(sent: Typed): void;
}

/**
 * A cell editor's text against the document, so that two tabs typing in one cell both keep their
 * typing: what is typed here is sent with the document's text it was typed from (its base), and
 * the document's text is merged into the editor (textMerge.ts), never written over it. The
 * document is merged in only once it holds everything sent from here (its version is at least
 * the one a write answered), or our own typing, not yet in it, would be taken as undone there.
 */
export class CellText implements TypedCell {
  #base: string;
  /** The editor's text, made from the editor's document only when asked (read). */
  #text: string | null;
  #read: () => string;
  #length: number;
  #doc: { text: string; version: number };
  #sending = 0;
  #holds = 0;
  readonly #show: (text: string) => void;

  /** `show` writes a text into the editor (as not typed there). */
  constructor(doc: { text: string; version: number }, show: (text: string) => void) {
    this.#show = show;
    this.#doc = doc;
    this.#base = doc.text;
    this.#text = doc.text;
    this.#read = () => doc.text;
    this.#length = doc.text.length;
  }

  get text(): string {
    this.#text ??= this.#read();
    return this.#text;
  }

  get size() {
    return this.#base.length + this.#length;
  }

  get typing(): Typed {
    return { base: this.#base, text: this.text };
  }

  /** Typed in the editor: its text's length, and how to make the text when it is needed. */
  typed(length: number, read: () => string) {
    this.#length = length;
    this.#read = read;
    this.#text = null;
  }

  /** The document's text of the cell (and its version), as the live query gives it. */
  fromDocument(text: string, version: number) {
    this.#doc = { text, version };
    this.#adopt();
  }

  take(): Typed {
    const sent = { base: this.#base, text: this.text };
    // Sent typing is the base of what is typed next: a second send before this one is written must not carry it again.
    this.#base = sent.text;
    this.#sending += 1;
    return sent;
  }

  written(_sent: Typed, version: number) {
    this.#sending -= 1;
    this.#holds = Math.max(this.#holds, version);
    this.#adopt();
  }

  failed(sent: Typed) {
    this.#sending -= 1;
    if (this.#base === sent.text) this.#base = sent.base;
  }

  #adopt() {
    const doc = this.#doc;
    if (this.#sending > 0 || doc.version < this.#holds || doc.text === this.#base) return;
    const text = this.text;
    const merged = mergeText(this.#base, text, doc.text);
    this.#base = doc.text;
    if (merged === text) return;
    this.#text = merged;
    this.#length = merged.length;
    this.#read = () => merged;
    this.#show(merged);
  }
}

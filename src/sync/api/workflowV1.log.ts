/**
 * Airflow 2's JSON log answer has `content: str(logs)`: the Python repr of a list of
 * `(host, text)` tuples (api_connexion/endpoints/log_endpoint.py). The console shows the text, so
 * the repr is read back here; anything that is not such a repr (the console's own server answers
 * plain text) is the text itself.
 */
export function logTextFromV1(content: string): string {
  if (content === '[]') return '';
  if (!content.startsWith('[(')) return content;
  const texts = parseHostTexts(content);
  return texts === null ? content : texts.join('');
}

const SIMPLE_ESCAPES: Record<string, string> = { n: '\n', r: '\r', t: '\t', '\\': '\\', "'": "'", '"': '"', a: '\x07', b: '\b', f: '\f', v: '\v', '0': '\0' };
const HEX_DIGITS: Record<string, number> = { x: 2, u: 4, U: 8 };

/** The texts of `[(host, text), ...]`, or null when the content is not that shape. */
function parseHostTexts(content: string): string[] | null {
  const texts: string[] = [];
  let at = 1;
  const skip = (text: string) => {
    while (content[at] === ' ') at += 1;
    if (!content.startsWith(text, at)) return false;
    at += text.length;
    return true;
  };
  for (;;) {
    if (!skip('(')) return null;
    const host = pythonString(content, at);
    if (host === null) return null;
    at = host.end;
    if (!skip(',')) return null;
    while (content[at] === ' ') at += 1;
    const text = pythonString(content, at);
    if (text === null) return null;
    at = text.end;
    if (!skip(')')) return null;
    texts.push(text.value.endsWith('\n') || text.value === '' ? text.value : `${text.value}\n`);
    if (skip(']')) return at === content.length ? texts : null;
    if (!skip(',')) return null;
  }
}

/** One Python string literal as repr() writes it, starting at `start` (its quote). */
function pythonString(source: string, start: number): { value: string; end: number } | null {
  const quote = source[start];
  if (quote !== "'" && quote !== '"') return null;
  const parts: string[] = [];
  let at = start + 1;
  let run = at;
  while (at < source.length) {
    const char = source[at];
    if (char === quote) {
      parts.push(source.slice(run, at));
      return { value: parts.join(''), end: at + 1 };
    }
    if (char !== '\\') {
      at += 1;
      continue;
    }
    parts.push(source.slice(run, at));
    const escaped = unescape(source, at + 1);
    if (escaped === null) return null;
    parts.push(escaped.value);
    at = escaped.end;
    run = at;
  }
  return null;
}

function unescape(source: string, at: number): { value: string; end: number } | null {
  const kind = source[at] ?? '';
  const simple = SIMPLE_ESCAPES[kind];
  if (simple !== undefined) return { value: simple, end: at + 1 };
  const digits = HEX_DIGITS[kind];
  if (digits === undefined) return null;
  const hex = source.slice(at + 1, at + 1 + digits);
  if (hex.length !== digits || !/^[0-9a-fA-F]+$/.test(hex)) return null;
  return { value: String.fromCodePoint(parseInt(hex, 16)), end: at + 1 + digits };
}

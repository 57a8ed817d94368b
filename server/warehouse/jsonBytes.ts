import { POWERS_OF_TEN } from './cells';

/**
 * A growing buffer of JSON text as UTF-8 bytes, with the writers result rows need. Numbers
 * are written as JSON.stringify writes them, digit by digit, without making strings first.
 */

const INITIAL_BYTES = 64 * 1024;
const MINUS = 0x2d;
const DOT = 0x2e;
const ZERO = 0x30;
const QUOTE = 0x22;
/** Up to here an integer has at most 15 digits, so the nearest double of any decimal built from it prints back as that decimal. */
const FIFTEEN_DIGITS = 1e15;

export class JsonBytes {
  private buffer = Buffer.allocUnsafe(INITIAL_BYTES);
  /** Bytes written so far. */
  length = 0;
  /** Digits of the integer being written, last first. */
  private readonly digits = new Uint8Array(16);

  /** Room for `bytes` more bytes; writers call it before they write that many at most. */
  reserve(bytes: number): void {
    if (this.length + bytes <= this.buffer.length) return;
    const grown = Buffer.allocUnsafe(Math.max(this.buffer.length * 2, this.length + bytes));
    this.buffer.copy(grown, 0, 0, this.length);
    this.buffer = grown;
  }

  /** The bytes written (a view of the buffer, not a copy). */
  bytes(): Buffer {
    return this.buffer.subarray(0, this.length);
  }

  /** One byte; reserve first. */
  byte(value: number): void {
    this.buffer[this.length++] = value;
  }

  /** Bytes already known to be valid JSON (a key, a literal). */
  raw(bytes: Uint8Array): void {
    this.reserve(bytes.length);
    this.buffer.set(bytes, this.length);
    this.length += bytes.length;
  }

  /** Bytes start…end of `bytes`, copied one by one (short runs: cheaper than a view for set()); reserve first. */
  rawRange(bytes: Uint8Array, start: number, end: number): void {
    const buffer = this.buffer;
    let at = this.length;
    for (let i = start; i < end; i++) buffer[at++] = bytes[i];
    this.length = at;
  }

  /** Text of ASCII characters only (no JSON escaping: the caller knows it needs none). */
  ascii(text: string): void {
    this.reserve(text.length);
    const buffer = this.buffer;
    let at = this.length;
    for (let i = 0; i < text.length; i++) buffer[at++] = text.charCodeAt(i);
    this.length = at;
  }

  /** Any JSON value, as JSON.stringify writes it. */
  json(value: unknown): void {
    const text = JSON.stringify(value) ?? 'null';
    this.reserve(text.length * 3);
    this.length += this.buffer.write(text, this.length, 'utf8');
  }

  /** A safe integer (|n| < 2^53), as JSON.stringify writes it. */
  integer(value: number): void {
    this.reserve(17);
    let n = value;
    if (n < 0) {
      this.buffer[this.length++] = MINUS;
      n = -n;
    }
    this.unsigned(n);
  }

  /** `count` digits of 0 ≤ n < 10^count, with leading zeros; reserve first. */
  paddedDigits(n: number, count: number): void {
    const buffer = this.buffer;
    for (let i = count - 1; i >= 0; i--) {
      const tenth = n < 2 ** 31 ? (n / 10) | 0 : Math.floor(n / 10);
      buffer[this.length + i] = ZERO + (n - tenth * 10);
      n = tenth;
    }
    this.length += count;
  }

  /**
   * The JSON number of the DECIMAL `scaled` × 10^-scale for a safe integer `scaled`: the text
   * of the double nearest to it, as JSON.stringify(scaled / 10^scale) writes it. Written from the
   * digits while they are 15 at most (then that double prints back as exactly this decimal) and
   * the value is not below 10^-6 (JavaScript writes those with an exponent); else by division.
   */
  decimal(scaled: number, scale: number): void {
    this.reserve(26);
    const magnitude = Math.abs(scaled);
    const unit = POWERS_OF_TEN[scale];
    const whole = Math.floor(magnitude / unit);
    if (magnitude >= FIFTEEN_DIGITS || (whole === 0 && scale > 6 && magnitude < POWERS_OF_TEN[scale - 6] && magnitude !== 0)) {
      this.ascii(String(scaled / unit));
      return;
    }
    if (scaled < 0) this.buffer[this.length++] = MINUS;
    this.unsigned(whole);
    let fraction = magnitude - whole * unit;
    if (fraction === 0) return;
    let places = scale;
    while (fraction % 10 === 0) {
      fraction /= 10;
      places--;
    }
    this.buffer[this.length++] = DOT;
    this.paddedDigits(fraction, places);
  }

  /** A double, as JSON.stringify writes it; NaN and ±Infinity as the strings "NaN", "Infinity", "-Infinity". */
  double(value: number): void {
    if (Number.isFinite(value)) this.ascii(String(value));
    else {
      this.reserve(11);
      this.buffer[this.length++] = QUOTE;
      this.ascii(String(value));
      this.buffer[this.length++] = QUOTE;
    }
  }

  private unsigned(n: number): void {
    const digits = this.digits;
    let count = 0;
    // Int32 arithmetic while it fits (much cheaper than floating division).
    while (n >= 2 ** 31) {
      digits[count++] = n % 10;
      n = Math.floor(n / 10);
    }
    do {
      const tenth = (n / 10) | 0;
      digits[count++] = n - tenth * 10;
      n = tenth;
    } while (n > 0);
    const buffer = this.buffer;
    while (count > 0) buffer[this.length++] = ZERO + digits[--count];
  }
}

/**
 * The rule for workspace file and folder names (one path segment), shared by the server, which
 * enforces it, and the client, which says the same before sending. Names are compared and
 * stored in NFC, so check `normalizeName(name)`. Messages name the problem, without a final stop.
 */

export const MAX_NAME_BYTES = 255;

/** Bidirectional controls and marks: they make a name display as another ("gpj.exe" shown as "exe.jpg"). */
const BIDI = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/;
/** Invisible characters: two names that look the same would be different items. */
const ZERO_WIDTH = /[\u200B-\u200D\u2060\uFEFF]/;
/** Device names Windows reserves, also with any extension ("nul.tar.gz"); a synced copy could not be written there. */
const WINDOWS_RESERVED = /^(CON|PRN|AUX|NUL|COM[1-9\u00B9\u00B2\u00B3]|LPT[1-9\u00B9\u00B2\u00B3])$/i;
/** A surrogate percent-encoded as (invalid) UTF-8: ED A0..BF xx. decodeURIComponent refuses it. */
const ENCODED_SURROGATE = /%ED%[AB][0-9A-F]%[89AB][0-9A-F]/i;
/** Stateless; names are measured in UTF-8 bytes, as file systems limit them. */
const UTF8 = new TextEncoder();

export function normalizeName(name: string): string {
  return name.normalize('NFC');
}

/**
 * Why `name` cannot name a workspace item, or null. Also checks the name decoded once from
 * percent-encoding: a name that turns into a bad one when some URL decodes it is refused too.
 */
export function nameProblem(name: string): string | null {
  if (ENCODED_SURROGATE.test(name)) return 'Names cannot contain an unpaired surrogate (percent-encoded)';
  const decoded = percentDecoded(name);
  for (const form of decoded === name ? [name] : [name, decoded]) {
    const problem = characterProblem(form) ?? formProblem(form);
    if (problem) return problem;
  }
  if (UTF8.encode(name).length > MAX_NAME_BYTES) return `Names are limited to ${MAX_NAME_BYTES} bytes`;
  return null;
}

/** The name decoded once from percent-encoding, or itself when it does not decode. */
export function percentDecoded(name: string): string {
  try {
    return decodeURIComponent(name);
  } catch {
    return name;
  }
}

function characterProblem(name: string): string | null {
  for (const char of name) {
    const code = char.codePointAt(0) ?? 0;
    if (code >= 0xd800 && code <= 0xdfff) return `Names cannot contain an unpaired surrogate (${codePoint(code)})`;
    // C0 controls (NUL included), DEL and C1 controls: never part of a name people type.
    if (code < 0x20 || (code >= 0x7f && code <= 0x9f)) return 'Names cannot contain control characters';
    if (BIDI.test(char)) return `Names cannot contain bidirectional text controls (${codePoint(code)})`;
    if (ZERO_WIDTH.test(char)) return `Names cannot contain zero-width characters (${codePoint(code)})`;
  }
  return null;
}

function formProblem(name: string): string | null {
  if (name.includes('/') || name.includes('\\')) return 'Names cannot contain / or \\';
  if (name.startsWith('.')) return 'Names starting with . are reserved';
  if (name.endsWith('.') || name.endsWith(' ')) return 'Names cannot end with a dot or a space';
  // Windows ignores what follows the first dot, and spaces before it ("NUL .txt" is NUL).
  const device = name.split('.')[0].trimEnd();
  if (WINDOWS_RESERVED.test(device)) return `${device.toUpperCase()} is a reserved name on Windows (also with an extension)`;
  return null;
}

function codePoint(code: number): string {
  return `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
}

/**
 * Console user names → Hub user names, one to one and back: lowercase letters, digits, '.', '@'
 * and '-' stay as they are; every other UTF-8 byte (an uppercase letter, '_', a space, 'é') becomes
 * '_' and two lowercase hex digits. The Hub lowercases names and puts them in URLs, so 'Ann' and
 * 'ann' must not meet there; '_' only ever starts an escape, so the mapping reverses exactly.
 */
export function hubName(username: string): string {
  let out = '';
  for (const byte of Buffer.from(username, 'utf8')) {
    const char = String.fromCharCode(byte);
    out += /[a-z0-9.@-]/.test(char) ? char : `_${byte.toString(16).padStart(2, '0')}`;
  }
  return out;
}

/** The console user a Hub name stands for, or null for a name hubName() never makes (a user the Hub has for someone else). */
export function consoleName(name: string): string | null {
  const bytes: number[] = [];
  for (let i = 0; i < name.length; i += 1) {
    const char = name[i];
    if (char !== '_') {
      if (!/[a-z0-9.@-]/.test(char)) return null;
      bytes.push(char.charCodeAt(0));
      continue;
    }
    const hex = name.slice(i + 1, i + 3);
    if (!/^[0-9a-f]{2}$/.test(hex)) return null;
    bytes.push(parseInt(hex, 16));
    i += 2;
  }
  const username = Buffer.from(bytes).toString('utf8');
  return hubName(username) === name ? username : null;
}

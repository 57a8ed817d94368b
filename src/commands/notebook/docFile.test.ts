import { describe, expect, it } from 'vitest';
import { normalizedFile } from './docFile';

describe('normalizedFile (opening a notebook in the editor)', () => {
  it('refuses a deeply nested file with the reason instead of overflowing the stack', () => {
    const nested = '['.repeat(5000) + ']'.repeat(5000);
    const content = `{"nbformat":4,"nbformat_minor":5,"metadata":{"x":${nested}},"cells":[]}`;
    expect(normalizedFile(content, 'work/deep.ipynb')).toMatchObject({
      ok: false,
      message: 'deep.ipynb cannot be opened: The file is nested deeper than 256 levels.',
    });
  });
});

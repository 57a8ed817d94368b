import { describe, expect, it } from 'vitest';
import { nameProblem as clientNameProblem } from '../../src/ui/workspace/names';
import { WorkspaceError } from './errors';
import { BAD_NAMES, GOOD_NAMES } from '../testing/names';
import { isWorkspacePath, parseWorkspacePath } from './paths';

function refusal(raw: string): WorkspaceError | null {
  try {
    parseWorkspacePath(raw);
    return null;
  } catch (error) {
    return error as WorkspaceError;
  }
}

describe('the workspace name rule (server side)', () => {
  it.each(BAD_NAMES)('refuses a name with: %s, with a message naming the problem', (_label, name, message) => {
    for (const raw of [name, `folder/${name}`, `${name}/inside.ipynb`]) {
      const error = refusal(raw);
      expect(error, raw).toBeInstanceOf(WorkspaceError);
      expect(error?.statusCode).toBe(400);
      expect(error?.message).toMatch(message);
      expect(isWorkspacePath(raw)).toBe(false);
    }
  });

  it.each(GOOD_NAMES)('accepts %j', (name) => {
    expect(parseWorkspacePath(name)).toBe(name);
    expect(parseWorkspacePath(`folder/${name}`)).toBe(`folder/${name}`);
  });

  it('normalises to NFC before checking and returns the NFC form', () => {
    const composed = 'caf\u00E9.ipynb';
    const decomposed = 'cafe\u0301.ipynb';
    expect(parseWorkspacePath(decomposed)).toBe(composed);
    expect(parseWorkspacePath(`r\u00E9sum\u00E9s/${decomposed}`)).toBe(`r\u00E9sum\u00E9s/${composed}`);
    expect(parseWorkspacePath(composed)).toBe(composed);
    // Hangul typed as jamo composes into syllables too.
    expect(parseWorkspacePath('\u1112\u1161\u11AB.ipynb')).toBe('\uD55C.ipynb');
  });

  it('does not list names on disk that are not in NFC (the API could not open them)', () => {
    expect(isWorkspacePath('cafe\u0301.ipynb')).toBe(false);
    expect(isWorkspacePath('caf\u00E9.ipynb')).toBe(true);
  });
});

describe('the client says the same before sending', () => {
  it.each(BAD_NAMES)('%s: the name dialog shows the message the server would answer', (_label, name) => {
    const kind = name.endsWith('.ipynb') ? 'notebook' : 'folder';
    expect(clientNameProblem(name, kind, () => false)).toBe(`${refusal(name)?.message}.`);
  });

  it.each(GOOD_NAMES.filter((name) => name.trim() === name))('%j is fine on both sides', (name) => {
    expect(clientNameProblem(name, name.endsWith('.ipynb') ? 'notebook' : 'folder', () => false)).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { DATA_DIR_FULL, DATA_DIR_NO_ACCESS, DATA_DIR_READ_ONLY, storageProblem } from './storageErrors';

const withCode = (code: string, message = code) => Object.assign(new Error(message), { code });

describe('storageProblem', () => {
  it('says the data directory is full for ENOSPC, EDQUOT and SQLITE_FULL (507)', () => {
    for (const code of ['ENOSPC', 'EDQUOT', 'SQLITE_FULL']) expect(storageProblem(withCode(code))).toEqual({ statusCode: 507, message: DATA_DIR_FULL });
  });

  it('says it is read-only for EROFS and SQLite read-only codes (503)', () => {
    for (const code of ['EROFS', 'SQLITE_READONLY', 'SQLITE_READONLY_DBMOVED']) {
      expect(storageProblem(withCode(code))).toEqual({ statusCode: 503, message: DATA_DIR_READ_ONLY });
    }
  });

  it('says permission is denied for EACCES and EPERM (503)', () => {
    for (const code of ['EACCES', 'EPERM']) expect(storageProblem(withCode(code))).toEqual({ statusCode: 503, message: DATA_DIR_NO_ACCESS });
  });

  it('finds the code in a cause, and answers null for anything else', () => {
    expect(storageProblem(new Error('wrapped', { cause: withCode('ENOSPC') }))?.statusCode).toBe(507);
    expect(storageProblem(withCode('ENOENT'))).toBeNull();
    expect(storageProblem(new Error('no code'))).toBeNull();
    expect(storageProblem('ENOSPC')).toBeNull();
    expect(storageProblem(null)).toBeNull();
  });
});

import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { kernelsMessage, startFailedMessage, startupMessage, warehouseFailedMessage, warehouseReadyMessage } from './startupMessages';
import { WarehouseUnavailableError } from './warehouse/types';

const DATA = path.resolve('/srv/console-data');

describe('what npm start prints', () => {
  it('the first start: the address, the data directory, the generated passwords and that the warehouse is being prepared', () => {
    const seed = { generated: [{ username: 'admin', password: 'a-secret' }, { username: 'editor', password: 'e-secret' }], credentialsFile: path.join(DATA, 'credentials.txt'), fromEnvironment: [] };
    expect(startupMessage('http://localhost:8080', DATA, seed).split('\n')).toEqual([
      'Data Platform Console is running at http://localhost:8080',
      `Data directory: ${DATA}`,
      'Sign in as "admin" (administrator) or "editor".',
      `First start: generated passwords (also saved to ${path.join(DATA, 'credentials.txt')}, readable only by you):`,
      '  admin   a-secret',
      '  editor  e-secret',
      'Preparing the demo warehouse for the SQL Editor and the Catalog in the background…',
    ]);
  });

  it('a later start names the credentials file in the data directory', () => {
    const message = startupMessage('http://localhost:8080', DATA, { generated: [], credentialsFile: null, fromEnvironment: ['admin'] });
    expect(message).toContain('Password for "admin": from CONSOLE_ADMIN_PASSWORD.');
    expect(message).toContain(`Passwords: see ${path.join(DATA, 'credentials.txt')} from the first start`);
  });

  it('a start that fails says why and where a first start’s passwords went (a port taken left them unprinted)', () => {
    const taken = Object.assign(new Error('listen EADDRINUSE: address already in use 127.0.0.1:8080'), { code: 'EADDRINUSE' });
    expect(startFailedMessage(taken, DATA, 8080).split('\n')).toEqual([
      'Data Platform Console failed to start: port 8080 is taken by another program: set PORT to a free one.',
      `If this was the first start, the generated passwords are in ${path.join(DATA, 'credentials.txt')}; or set CONSOLE_ADMIN_PASSWORD / CONSOLE_EDITOR_PASSWORD to choose new ones.`,
    ]);
    expect(startFailedMessage(new Error('disk on fire'), DATA, 8080)).toMatch(/^Data Platform Console failed to start: disk on fire\./);
  });

  it('a line saying who runs notebooks’ Python', () => {
    const base = { kernels: 'pyodide', jupyterUrl: null, python: null, kernelSpares: 1 } as const;
    expect(kernelsMessage(base)).toBe('Notebook kernels: embedded Python (Pyodide, no pandas; 1 kept ready). CONSOLE_KERNELS=jupyter runs them on Jupyter Server instead.');
    expect(kernelsMessage({ ...base, kernels: 'jupyter', python: '/usr/bin/python3' })).toBe(
      'Notebook kernels: a Jupyter Server per user, started on /usr/bin/python3 when they first run code (and embedded Python).',
    );
    expect(kernelsMessage({ ...base, jupyterUrl: 'http://h:8888', kernelSpares: 0 })).toBe(
      'Notebook kernels: embedded Python (Pyodide, no pandas; none kept ready), and the Jupyter Server at http://h:8888.',
    );
  });

  it('a line when the demo warehouse is ready, saying how long a seed or copy took', () => {
    expect(warehouseReadyMessage({ source: 'seeded', ms: 41_260 })).toBe('Demo warehouse ready (seeded in 41.3 s): the SQL Editor and the Catalog can query it.');
    expect(warehouseReadyMessage({ source: 'cache', ms: 1_500 })).toBe('Demo warehouse ready (copied from the seed cache in 1.5 s): the SQL Editor and the Catalog can query it.');
    expect(warehouseReadyMessage({ source: 'existing', ms: 0 })).toBe('Demo warehouse ready: the SQL Editor and the Catalog can query it.');
  });

  it('a line when it cannot be prepared, with the reason', () => {
    const error = new WarehouseUnavailableError('The demo warehouse is not available: ENOSPC: no space left on device');
    expect(warehouseFailedMessage(error)).toBe(
      'The demo warehouse is not available: ENOSPC: no space left on device. The SQL Editor and the Catalog cannot query it until the server restarts; everything else works.',
    );
  });
});

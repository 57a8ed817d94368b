import { access, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sessionIdOf } from '../auth/sessions';
import { hashPassword } from '../auth/passwords';
import { ADMIN_PASSWORD, EDITOR_PASSWORD, FAST_HASHING, useFixture } from '../testing/harness';
import { DATABASE_FILE, openStore } from './db';
import { IMPORTED_SUFFIX, LEGACY_DATABASE_FILE } from './legacyImport';
import { makeLegacyStore } from './testing/legacyDuckdb';

const fixture = useFixture();
const TOKEN = 'L'.repeat(43);
const NOW = Date.now();

const exists = (file: string) => access(file).then(() => true, () => false);

/** A data directory as the DuckDB store left it: two users, a session, history, saved queries, a favourite folder, a stored answer. */
async function legacyDataDir(upToVersion = 6): Promise<string> {
  const dataDir = await fixture.tempDir();
  await mkdir(path.join(dataDir, 'workspace', 'kept'), { recursive: true });
  const user = (username: string, id: number, hash: string, role: string) => ({
    sql: 'INSERT INTO users (username, id, password_hash, role, first_name, last_name, email, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)',
    params: [username, id, hash, role, username, 'User', `${username}@example.com`, NOW],
  });
  await makeLegacyStore(
    dataDir,
    [
      user('admin', 1, await hashPassword(ADMIN_PASSWORD, FAST_HASHING), 'admin'),
      user('editor', 2, await hashPassword(EDITOR_PASSWORD, FAST_HASHING), 'editor'),
      { sql: 'INSERT INTO sessions (id, username, created_at, expires_at) VALUES ($1, $2, $3, $4)', params: [sessionIdOf(TOKEN), 'admin', NOW, NOW + 3_600_000] },
      ...['first', 'second', 'gone'].map((label) => ({
        sql: `INSERT INTO bi_saved_queries (owner, changed_by, db_id, database_name, label, sql, created_on, changed_on) VALUES ('admin', 'admin', 1, 'lakehouse', $1, $2, $3, $3)`,
        params: [label, `select '${label}'`, NOW],
      })),
      { sql: "DELETE FROM bi_saved_queries WHERE label = 'gone'" },
      { sql: 'INSERT INTO bi_saved_query_favorites VALUES ($1, $2, $3)', params: ['admin', 2, NOW] },
      {
        sql: `INSERT INTO bi_queries (client_id, username, database_id, database_name, sql, status, start_time, end_time, row_count, row_limit, sql_tables, changed_on)
              VALUES ('abc', 'admin', 1, 'lakehouse', 'select ''first''', 'success', $1, $1, 7, 1000, '[]', $1)`,
        params: [NOW],
      },
      {
        sql: `INSERT INTO workspace_items (id, path, type, owner, created_at, updated_at, is_favorite) VALUES ('01KEPT', 'kept', 'folder', 'admin', $1, $1, true)`,
        params: [NOW],
      },
      {
        sql: `INSERT INTO idempotency_keys VALUES ('admin', 'key-1', 'fp', 200, '{"ok":true}', '{"etag":"\\"v1\\""}', $1)`,
        params: [NOW],
      },
    ],
    upToVersion,
  );
  return dataDir;
}

// The import is the SQLite store's (a data directory from before): its apps stay on SQLite whatever CONSOLE_TEST_STORE says.
describe('moving the console store from DuckDB to SQLite', () => {
  it('a data directory made with the DuckDB store opens with its users, sessions, saved queries, history and workspace', async () => {
    const dataDir = await legacyDataDir();
    const { app } = await fixture.build({ dataDir, database: null });
    const cookie = `session=${TOKEN}`;

    const me = await app.inject({ method: 'GET', url: '/api/v1/temp/me', headers: { cookie } });
    expect(me.statusCode).toBe(200);
    expect(me.json().data).toMatchObject({ username: 'admin', role: 'admin' });

    const saved = (await app.inject({ method: 'GET', url: '/api/bi/v1/saved_query/', headers: { cookie } })).json();
    expect(saved.count).toBe(2);
    expect([...saved.ids].sort()).toEqual([1, 2]);
    const favorites = (await app.inject({ method: 'GET', url: '/api/bi/v1/saved_query/favorite_status/?q=!(1,2)', headers: { cookie } })).json();
    expect(favorites.result).toEqual([{ id: 1, value: false }, { id: 2, value: true }]);

    const history = (await app.inject({ method: 'GET', url: '/api/bi/v1/query/', headers: { cookie } })).json();
    expect(history.count).toBe(1);
    expect(history.result[0]).toMatchObject({ client_id: 'abc', rows: 7, status: 'success' });

    const files = (await app.inject({ method: 'GET', url: '/api/notebook/workspace', headers: { cookie } })).json().files;
    expect(files).toEqual([expect.objectContaining({ path: 'kept', type: 'folder', isFavorite: true })]);

    // The signed-in editor's password still works: the hash came along.
    const login = await app.inject({ method: 'POST', url: '/api/v1/temp/login', payload: { username: 'editor', password: EDITOR_PASSWORD } });
    expect(login.statusCode).toBe(200);
  });

  it('keeps ids unused that DuckDB handed out, stored answers, and imports only once', async () => {
    const dataDir = await legacyDataDir();
    const first = await fixture.build({ dataDir, database: null });
    await fixture.close(first.app);
    expect(await exists(path.join(dataDir, DATABASE_FILE))).toBe(true);
    expect(await exists(path.join(dataDir, LEGACY_DATABASE_FILE))).toBe(false);
    expect(await exists(path.join(dataDir, `${LEGACY_DATABASE_FILE}${IMPORTED_SUFFIX}`))).toBe(true);

    const store = await openStore(dataDir);
    const [{ id }] = await store.all<{ id: number }>(
      "INSERT INTO bi_saved_queries (owner, changed_by, db_id, database_name, label, sql, created_on, changed_on) VALUES ('admin', 'admin', 1, 'x', 'new', 'select 1', 0, 0) RETURNING id",
    );
    // 3 was deleted in DuckDB and is never handed out again (DuckDB's reopened sequence says 4 was last).
    expect(id).toBeGreaterThan(3);
    const [answer] = await store.all<{ headers: string; body: string }>("SELECT headers, body FROM idempotency_keys WHERE key = 'key-1'");
    expect(JSON.parse(answer.headers)).toEqual({ etag: '"v1"' });
    expect(answer.body).toBe('{"ok":true}');
    await store.close();

    // A console.duckdb put back later is not imported over the SQLite data.
    await makeLegacyStore(dataDir, []);
    const again = await openStore(dataDir);
    expect(await again.all('SELECT id FROM bi_saved_queries ORDER BY id')).toEqual([{ id: 1 }, { id: 2 }, { id }]);
    await again.close();
  });

  it('imports a directory from before token versions, and redoes an import a crash cut short', async () => {
    const dataDir = await legacyDataDir(5);
    await writeFile(path.join(dataDir, `${DATABASE_FILE}.importing`), 'half an import');
    const { app } = await fixture.build({ dataDir, database: null });
    const me = await app.inject({ method: 'GET', url: '/api/v1/temp/me', headers: { cookie: `session=${TOKEN}` } });
    expect(me.statusCode).toBe(200);
    expect(await exists(path.join(dataDir, `${DATABASE_FILE}.importing`))).toBe(false);
  });
});

import { readdir, readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { ADMIN_PASSWORD, EDITOR_PASSWORD } from '../support/consoleServer';
import { expect, test } from './fixtures';

const dist = resolve(import.meta.dirname, '../../dist');

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

test('the built client holds no seeded password or credential', async ({ consoleServer }) => {
  const generated = await readFile(join(consoleServer.dataDir, 'credentials.txt'), 'utf8').catch(() => '');
  const files = await filesUnder(dist);
  expect(files.some((f) => f.endsWith('index.html'))).toBe(true);
  const needles = [ADMIN_PASSWORD, EDITOR_PASSWORD, ...generated.match(/\S{16,}/g) ?? []];
  for (const file of files) {
    const text = await readFile(file, 'utf8');
    for (const needle of needles) expect(text.includes(needle), `${needle} in ${file}`).toBe(false);
    // The seed shipped a built-in admin login for silent re-login; nothing like it may remain.
    expect(text).not.toMatch(/password\s*[:=]\s*["'][^"']{4,}["']/i);
  }
});

test('client storage holds no password after signing in and using the console', async ({ page, loginPage, shell }) => {
  await loginPage.goto();
  await loginPage.signInAsRole('admin');
  await shell.menuLink('Catalog').click();
  await shell.logo.click();
  const stored = await page.evaluate(async () => {
    const dump: string[] = [document.cookie, JSON.stringify(localStorage), JSON.stringify(sessionStorage)];
    for (const info of await indexedDB.databases()) {
      const db = await new Promise<IDBDatabase>((ok, fail) => {
        const req = indexedDB.open(info.name ?? '');
        req.onsuccess = () => ok(req.result);
        req.onerror = () => fail(req.error);
      });
      for (const store of Array.from(db.objectStoreNames)) {
        const rows = await new Promise<unknown[]>((ok) => {
          const req = db.transaction(store).objectStore(store).getAll();
          req.onsuccess = () => ok(req.result);
        });
        dump.push(JSON.stringify(rows));
      }
      db.close();
    }
    return dump.join('\n');
  });
  expect(stored).toContain('admin');
  expect(stored).not.toContain(ADMIN_PASSWORD);
});

import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openStore } from '../store/db';
import { countingStore } from '../testing/counting';
import { CREDENTIALS_FILE, UserStore } from './users';
import { FAST_HASHING, useFixture } from '../testing/harness';

const fixture = useFixture();

async function seed(dataDir: string, passwords: { adminPassword?: string; editorPassword?: string } = {}) {
  const store = await openStore(dataDir);
  try {
    const users = await UserStore.create(store);
    const result = await users.ensureSeedUsers({ dataDir, ...passwords });
    const hashes = await store.all<{ username: string; password_hash: string }>('SELECT username, password_hash FROM users');
    return { result, hashes };
  } finally {
    await store.close();
  }
}

describe('seed users', () => {
  it('first start generates random passwords and saves them to credentials.txt (0600)', async () => {
    const dataDir = await fixture.tempDir();
    const store = await openStore(dataDir);
    const users = await UserStore.create(store);
    const { generated, credentialsFile } = await users.ensureSeedUsers({ dataDir });
    expect(generated.map((entry) => entry.username)).toEqual(['admin', 'editor']);
    expect(credentialsFile).toBe(path.join(dataDir, CREDENTIALS_FILE));

    const file = path.join(dataDir, CREDENTIALS_FILE);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    const text = await readFile(file, 'utf8');
    for (const { username, password } of generated) {
      expect(password.length).toBeGreaterThanOrEqual(16);
      expect(text).toContain(`${username}: ${password}`);
      expect(await users.verifyCredentials(username, password)).toMatchObject({ username });
    }
    expect(text).toMatch(/delete this file/i);
    expect(await users.findProfile('admin')).toEqual({
      username: 'admin',
      role: 'admin',
      firstName: 'Admin',
      lastName: 'User',
      email: 'admin@dataplatform.local',
    });
    expect(await users.findProfile('editor')).toMatchObject({ role: 'editor', firstName: 'Editor', email: 'editor@dataplatform.local' });
    await store.close();
  });

  it('a second start generates nothing and the first passwords still work', async () => {
    const dataDir = await fixture.tempDir();
    const first = await seedOnce(dataDir);
    const fileBefore = await readFile(path.join(dataDir, CREDENTIALS_FILE), 'utf8');

    const store = await openStore(dataDir);
    const users = await UserStore.create(store);
    const second = await users.ensureSeedUsers({ dataDir });
    expect(second.generated).toEqual([]);
    expect(second.credentialsFile).toBeNull();
    for (const { username, password } of first) {
      expect(await users.verifyCredentials(username, password)).not.toBeNull();
    }
    await store.close();
    expect(await readFile(path.join(dataDir, CREDENTIALS_FILE), 'utf8')).toBe(fileBefore);
  });

  it('environment passwords win on every start and are not written to the file', async () => {
    const dataDir = await fixture.tempDir();
    const generated = await seedOnce(dataDir, { editorPassword: 'editor-from-env-1' });
    expect(generated.map((entry) => entry.username)).toEqual(['admin']);
    const text = await readFile(path.join(dataDir, CREDENTIALS_FILE), 'utf8');
    expect(text).not.toContain('editor');

    const store = await openStore(dataDir);
    const users = await UserStore.create(store);
    const again = await users.ensureSeedUsers({ dataDir, adminPassword: 'admin-from-env-2', editorPassword: 'editor-from-env-2' });
    expect(again.generated).toEqual([]);
    expect(again.fromEnvironment).toEqual(['admin', 'editor']);
    expect(await users.verifyCredentials('admin', 'admin-from-env-2')).not.toBeNull();
    expect(await users.verifyCredentials('admin', generated[0].password)).toBeNull();
    expect(await users.verifyCredentials('editor', 'editor-from-env-2')).not.toBeNull();
    expect(await users.verifyCredentials('editor', 'editor-from-env-1')).toBeNull();
    await store.close();
  });

  it('only env passwords: no credentials file at all', async () => {
    const dataDir = await fixture.tempDir();
    const { result } = await seed(dataDir, { adminPassword: 'a-env-password', editorPassword: 'e-env-password' });
    expect(result.credentialsFile).toBeNull();
    await expect(stat(path.join(dataDir, CREDENTIALS_FILE))).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('the database never holds a plaintext password', async () => {
    const dataDir = await fixture.tempDir();
    const { result, hashes } = await seed(dataDir, { adminPassword: 'plain-admin-secret' });
    const plaintexts = ['plain-admin-secret', ...result.generated.map((entry) => entry.password)];
    expect(hashes).toHaveLength(2);
    for (const { password_hash } of hashes) {
      expect(password_hash.startsWith('scrypt$')).toBe(true);
      for (const plaintext of plaintexts) expect(password_hash).not.toContain(plaintext);
    }
  });

  it('unknown users and wrong passwords both fail', async () => {
    const dataDir = await fixture.tempDir();
    const store = await openStore(dataDir);
    const users = await UserStore.create(store);
    await users.ensureSeedUsers({ dataDir, adminPassword: 'right-password' });
    expect(await users.verifyCredentials('admin', 'wrong-password')).toBeNull();
    expect(await users.verifyCredentials('nobody', 'right-password')).toBeNull();
    await store.close();
  });
});

describe('unknown user names', () => {
  it('take as long as a password check but cost no hash, so a flood of them leaves the CPU alone', async () => {
    const dataDir = await fixture.tempDir();
    const store = await openStore(dataDir);
    const users = await UserStore.create(store); // the production scrypt cost
    await users.ensureSeedUsers({ dataDir, adminPassword: 'right-password' });
    let started = performance.now();
    expect(await users.verifyCredentials('admin', 'wrong-password')).toBeNull();
    const knownMs = performance.now() - started;

    const cpu = process.cpuUsage();
    started = performance.now();
    const answers = await Promise.all(Array.from({ length: 20 }, (_, index) => users.verifyCredentials(`nobody-${index}`, 'x')));
    const unknownMs = performance.now() - started;
    const cpuMs = (process.cpuUsage(cpu).user + process.cpuUsage(cpu).system) / 1000;
    expect(answers).toEqual(Array(20).fill(null));
    // 20 hashes at this cost take about 20 × knownMs of CPU; waiting takes next to none.
    expect(cpuMs).toBeLessThan(5 * knownMs);
    expect(unknownMs).toBeGreaterThan(0.3 * knownMs);
    await store.close();
  });
});

describe('user cache', () => {
  it('reads a user once, and again after each password write', async () => {
    const dataDir = await fixture.tempDir();
    const store = await openStore(dataDir);
    const counted = countingStore(store);
    const users = await UserStore.create(counted, FAST_HASHING);
    await users.ensureSeedUsers({ dataDir, adminPassword: 'first-password' });
    const selects = () => counted.count('SELECT');
    const before = selects();
    for (let request = 0; request < 3; request++) expect(await users.findProfile('admin')).toMatchObject({ role: 'admin' });
    expect(selects()).toBe(before + 1);

    await users.setPassword('admin', 'second-password');
    expect(await users.verifyCredentials('admin', 'second-password')).not.toBeNull();
    expect(await users.verifyCredentials('admin', 'first-password')).toBeNull();
    expect(selects()).toBe(before + 2);

    // A start with another environment password writes it through the same store.
    await users.ensureSeedUsers({ dataDir, adminPassword: 'third-password' });
    expect(await users.verifyCredentials('admin', 'third-password')).not.toBeNull();
    expect(await users.verifyCredentials('admin', 'second-password')).toBeNull();

    // Unknown names are not remembered, and callers cannot change what is.
    expect(await users.find('nobody')).toBeNull();
    const record = await users.find('admin');
    if (record) record.role = 'editor';
    expect(await users.findProfile('admin')).toMatchObject({ role: 'admin' });
    await store.close();
  });
});

async function seedOnce(dataDir: string, passwords: { adminPassword?: string; editorPassword?: string } = {}) {
  const store = await openStore(dataDir);
  try {
    const users = await UserStore.create(store);
    return (await users.ensureSeedUsers({ dataDir, ...passwords })).generated;
  } finally {
    await store.close();
  }
}

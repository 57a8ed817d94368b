import { describe, expect, it } from 'vitest';
import { generatePassword, hashPassword, verifyPassword } from './passwords';

describe('password hashing', () => {
  it('verifies the password it hashed', async () => {
    const hash = await hashPassword('correct horse battery staple');
    expect(await verifyPassword('correct horse battery staple', hash)).toBe(true);
  });

  it('rejects a wrong password', async () => {
    const hash = await hashPassword('correct horse battery staple');
    expect(await verifyPassword('correct horse battery stapler', hash)).toBe(false);
  });

  it('stores scrypt parameters, salt and key, never the plaintext', async () => {
    const hash = await hashPassword('s3cret-value');
    expect(hash).not.toContain('s3cret-value');
    expect(hash).toMatch(/^scrypt\$16384\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
  });

  it('salts: two hashes of the same password differ', async () => {
    const [a, b] = await Promise.all([hashPassword('same'), hashPassword('same')]);
    expect(a).not.toBe(b);
    expect(await verifyPassword('same', a)).toBe(true);
    expect(await verifyPassword('same', b)).toBe(true);
  });

  it('honours lower cost parameters passed explicitly', async () => {
    const hash = await hashPassword('quick', { N: 1024, r: 8, p: 1 });
    expect(hash.startsWith('scrypt$1024$8$1$')).toBe(true);
    expect(await verifyPassword('quick', hash)).toBe(true);
  });

  it('never matches a malformed stored hash', async () => {
    for (const stored of ['', 'plain', 'scrypt$x$8$1$c2FsdA==$aGFzaA==', 'bcrypt$1$2$3$4$5']) {
      expect(await verifyPassword('plain', stored)).toBe(false);
    }
  });

  it('generates long random passwords', () => {
    const a = generatePassword();
    expect(a.length).toBeGreaterThanOrEqual(16);
    expect(a).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(generatePassword()).not.toBe(a);
  });
});

import { describe, expect, it } from 'vitest';
import { isLoopback } from './compression';

describe('isLoopback', () => {
  it.each(['127.0.0.1', '127.1.2.3', '::1', '::ffff:127.0.0.1'])('%s is this machine', (ip) => expect(isLoopback(ip)).toBe(true));
  it.each(['10.0.0.1', '203.0.113.7', '::ffff:10.0.0.1', '2001:db8::1', '128.0.0.1', '127.example', ''])('%s is not', (ip) => expect(isLoopback(ip)).toBe(false));
});

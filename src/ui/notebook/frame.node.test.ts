// Node: compares the frame's script with the hashes in its own policy and the console's (server code).
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY } from '../../../server/http/security';
import { FRAME_CSP, FRAME_SCRIPT, FRAME_SCRIPT_HASH } from './frame';

describe('the HTML output frame script hash', () => {
  const hash = `'sha256-${createHash('sha256').update(FRAME_SCRIPT).digest('base64')}'`;

  it('is the hash of the script the frame runs', () => {
    expect(FRAME_SCRIPT_HASH).toBe(hash);
  });

  it('is the only script source the frame policy allows', () => {
    expect(FRAME_CSP.match(/script-src [^;]*/)?.[0]).toBe(`script-src ${hash}`);
  });

  it('is allowed by the console policy, which a srcdoc frame inherits, beside self only', () => {
    expect(CONTENT_SECURITY_POLICY.match(/script-src [^;]*/)?.[0]).toBe(`script-src 'self' ${hash}`);
  });
});

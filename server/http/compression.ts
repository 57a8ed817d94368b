import { isIP } from 'node:net';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** True for 127.0.0.0/8, ::1 and IPv4-mapped loopback (::ffff:127.x.x.x). */
export function isLoopback(ip: string): boolean {
  if (ip === '::1') return true;
  const v4 = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  return isIP(v4) === 4 && v4.startsWith('127.');
}

/**
 * Brotli or gzip for every answer, except to a client on this machine (the default: the browser
 * beside the server, or a reverse proxy in front that compresses for the network): there it only
 * costs CPU at both ends and saves no bandwidth, about a quarter of a 1,000-row query's time.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  app.addHook('onRequest', async (request) => {
    if (isLoopback(request.ip)) request.headers['x-no-compression'] = 'loopback';
  });
  await app.register(fastifyCompress, { global: true, encodings: ['br', 'gzip'] });
}

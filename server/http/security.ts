import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isApiPath } from './paths';
import type { ConsoleConfig } from '../config';

/**
 * The one inline script allowed: the height reporter of a notebook HTML output's sandboxed frame
 * (src/ui/notebook/frame.ts FRAME_SCRIPT; a srcdoc frame inherits this policy). Its test fails
 * when the script changes and this hash does not.
 */
export const NOTEBOOK_FRAME_SCRIPT_HASH = "'sha256-0ncFqj0cQbpHt0mSlyZ5KkLNCgr7CU46g1Vx0OljSK4='";

export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  `script-src 'self' ${NOTEBOOK_FRAME_SCRIPT_HASH}`,
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const SECURITY_HEADERS: Record<string, string> = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'same-origin',
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=()',
};

export const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * The headers every answer carries. HSTS only with Secure cookies: that setting says the
 * console is reached over HTTPS, and HSTS sent over plain http would be ignored anyway.
 */
export function securityHeaders(config: Pick<ConsoleConfig, 'secureCookies'>): Record<string, string> {
  return config.secureCookies ? { ...SECURITY_HEADERS, 'strict-transport-security': HSTS } : SECURITY_HEADERS;
}

/**
 * Adds the security headers to every response (API, static files, errors, 404s). API
 * answers are per-user, so they are never stored by the browser or a proxy.
 */
export function registerSecurityHeaders(app: FastifyInstance, config: ConsoleConfig): void {
  const headers = securityHeaders(config);
  app.addHook('onSend', async (request, reply, payload) => {
    reply.headers(headers);
    reply.removeHeader('server');
    reply.removeHeader('x-powered-by');
    if (isApiPath(request.url) && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    return payload;
  });
}

/**
 * Fastify's `frameworkErrors`: errors found before routing (a URL that does not decode,
 * e.g. /%c0%ae, or a path parameter past its length). Their reply runs no hooks, so the
 * headers are set here; the answer is the same JSON {message} as every other error.
 */
export function frameworkErrors(config: ConsoleConfig) {
  const headers = securityHeaders(config);
  return (error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void => {
    const status = error.code === 'FST_ERR_BAD_URL' ? 400 : error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : 500;
    const message = status === 400 ? 'Malformed URL: it does not decode as UTF-8' : status === 414 ? 'URL too long' : 'Internal server error';
    reply.headers({ ...headers, 'cache-control': 'no-store' }).code(status).send({ message });
  };
}

/**
 * Fastify's `clientErrorHandler`: requests Node's HTTP parser rejects (bad header syntax,
 * headers too large, a request timeout) are answered on the raw socket, with the headers too.
 */
export function clientErrorHandler(config: ConsoleConfig) {
  const lines = Object.entries({ ...securityHeaders(config), 'cache-control': 'no-store' }).map(([name, value]) => `${name}: ${value}\r\n`);
  return (error: NodeJS.ErrnoException, socket: Socket): void => {
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const status = error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : error.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
    const body = JSON.stringify({ message: STATUS_CODES[status] });
    if (socket.writable) {
      const head = `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\ncontent-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n`;
      socket.write(`${head}${lines.join('')}\r\n${body}`);
    }
    socket.destroy(error);
  };
}

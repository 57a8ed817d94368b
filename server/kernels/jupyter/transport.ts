import { lstatSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import WebSocket from 'ws';

/**
 * How the client reaches a Jupyter Server: its URL over TCP (an external server), or the Unix
 * socket a managed one listens on inside its sandbox (its own network namespace has no route to
 * ours). Both speak the same HTTP and WebSocket.
 */
export interface Endpoint {
  /** http(s)://host[:port][/base]; for a socket, http://localhost (only its path part is used). */
  url: string;
  socketPath?: string;
}

export interface Answer {
  status: number;
  statusText: string;
  text: string;
}

/** One HTTP request, its whole answer read; rejects when it cannot be sent or timeoutMs passes. */
export function httpCall(endpoint: Endpoint, method: string, path: string, headers: Record<string, string>, body: string | undefined, timeoutMs: number): Promise<Answer> {
  const base = new URL(endpoint.url);
  const target = new URL(base.pathname.replace(/\/+$/, '') + path, base);
  return new Promise((resolve, reject) => {
    const options: http.RequestOptions = { method, headers: body === undefined ? headers : { ...headers, 'Content-Length': Buffer.byteLength(body) }, signal: AbortSignal.timeout(timeoutMs) };
    if (endpoint.socketPath !== undefined) {
      const refused = notASocket(endpoint.socketPath);
      if (refused) return reject(refused);
      options.socketPath = endpoint.socketPath;
    }
    const send = target.protocol === 'https:' ? https.request : http.request;
    const request = send(target, options, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, statusText: response.statusMessage ?? '', text: Buffer.concat(chunks).toString('utf8') }));
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end(body);
  });
}

/** The WebSocket URL of path on the endpoint: ws(s)://… or ws's ws+unix:<socket>:<path>. */
export function socketUrl(endpoint: Endpoint, path: string): string {
  if (endpoint.socketPath !== undefined) return `ws+unix:${endpoint.socketPath}:${path}`;
  return `${endpoint.url.replace(/\/+$/, '').replace(/^http/, 'ws')}${path}`;
}

/** Opens a WebSocket; resolves once it is open, rejects saying why it was refused. */
export function openWebSocket(endpoint: Endpoint, path: string, headers: Record<string, string>, timeoutMs: number): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const refused = endpoint.socketPath === undefined ? null : notASocket(endpoint.socketPath);
    if (refused) return reject(refused);
    const socket = new WebSocket(socketUrl(endpoint, path), { headers, handshakeTimeout: timeoutMs });
    const fail = (error: Error) => {
      socket.removeAllListeners();
      socket.on('error', () => {});
      socket.terminate();
      reject(error);
    };
    const unexpected = (_request: unknown, response: { statusCode?: number; statusMessage?: string }) =>
      fail(new Error(`${response.statusCode ?? ''} ${response.statusMessage ?? ''}`.trim()));
    socket.once('open', () => {
      socket.off('error', fail);
      socket.off('unexpected-response', unexpected);
      resolve(socket);
    });
    socket.once('error', fail);
    socket.once('unexpected-response', unexpected);
  });
}

/**
 * The socket lives in a folder its sandbox may write: a kernel could put a symlink there to make
 * the console (root) connect elsewhere. Only a socket itself is used.
 */
function notASocket(socketPath: string): Error | null {
  try {
    return lstatSync(socketPath).isSocket() ? null : new Error(`${socketPath} is not a socket`);
  } catch (error) {
    return error as Error;
  }
}

import type { FastifyError, FastifyInstance } from 'fastify';
import { sendIndexHtml, wantsSpaFallback } from './static';
import { storageProblem } from './storageErrors';

export const NOT_FOUND = { message: 'Not found' };

/**
 * Errors answer JSON {message} with their status; validation failures say what is wrong
 * (400), a full, read-only or forbidden data directory says so (507/503), server faults are
 * logged with the request id and never leak a stack trace.
 */
export function registerErrorHandling(app: FastifyInstance, staticDir: string): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error.validation) return reply.code(400).send({ message: error.message });
    const storage = storageProblem(error);
    if (storage) {
      request.log.warn({ err: error, reqId: request.id }, 'the data directory refused a write');
      return reply.code(storage.statusCode).send({ message: storage.message });
    }
    const status = typeof error.statusCode === 'number' && error.statusCode >= 400 ? error.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err: error, reqId: request.id }, 'request failed');
      return reply.code(status).send({ message: 'Internal server error' });
    }
    return reply.code(status).send({ message: error.message });
  });

  app.setNotFoundHandler(async (request, reply) => {
    if (wantsSpaFallback(request.method, request.url)) {
      return sendIndexHtml(reply, staticDir);
    }
    return reply.code(404).send(NOT_FOUND);
  });
}

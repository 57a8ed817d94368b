import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { DisplayDataOutput, NbOutput, RunCodeBody, RunCodeResponse, RunDone, RunEvent } from '../../contracts/kernels';
import { applyRunEvent, NO_OUTPUTS, outputsText, type RunOutputs } from '../../contracts/runOutputs';
import { requiredStrings } from '../http/validation';
import { badRequest, KernelError, notFound } from './errors';
import type { KernelManager, Viewer } from './manager';
import { openEventStream, wantsEventStream, type EventStream } from './sse';
import type { SqlRunOptions, WarehouseSqlPort } from '../warehouse/sqlPort';
import { sqlOutputs, stopSql } from './sqlCells';

export interface KernelRouteOptions {
  kernels: KernelManager;
  sql: WarehouseSqlPort;
  /** Whether a username is a console user (server calls name one). */
  userExists: (username: string) => Promise<boolean>;
}

/** SQL Lab's client_id rule. (Lengths are checked in handlers: strictType takes no length keywords.) */
const RUN_ID_LENGTH = { min: 1, max: 11 };
const STRING = { strictType: 'string' } as const;

const idParams = requiredStrings('id');
const startKernelBody = {
  type: 'object',
  properties: { kernelspec: STRING, path: STRING },
} as const;
const runCodeBody = {
  type: 'object',
  required: ['code'],
  properties: {
    // Its length is bounded by the body limit (1 MiB).
    code: STRING,
    kernelId: STRING,
    language: { type: 'string', enum: ['python', 'sql'] },
    runId: STRING,
    database_id: { type: 'integer', minimum: 1 },
    schema: { type: 'string', minLength: 1, maxLength: 256 },
  },
} as const;
const cancelBody = requiredStrings('runId');
const usernameBody = requiredStrings('username');
const usernameQuery = { type: 'object', required: ['username'], properties: { username: { type: 'string', minLength: 1 } } } as const;

/**
 * The kernels half of the Notebook API (mounted at /api/notebook beside the workspace routes):
 * kernelspecs, kernels and their control, run-code (JSON or streamed), the per-user event stream
 * and the personal notebook servers. Both roles may run kernels; rights are the manager's.
 */
export const kernelRoutes: FastifyPluginAsync<KernelRouteOptions> = async (app, options) => {
  app.setErrorHandler((error, _request, reply) => {
    if (error instanceof KernelError) return reply.code(error.statusCode).send(error.toJSON());
    throw error;
  });
  // Event streams never end on their own; closing the app ends them, or it would wait for every client.
  const eventStreams = new Set<EventStream>();
  app.addHook('preClose', async () => {
    for (const stream of eventStreams) stream.end();
  });
  registerKernelControl(app, options.kernels);
  app.post('/run-code', { schema: { body: runCodeBody }, compress: false }, runCode(options));
  app.post('/cancel-run', { schema: { body: cancelBody } }, cancelRun(options.sql));
  app.get('/kernel-events', { compress: false }, kernelEvents(options.kernels, eventStreams));
  registerServerRoutes(app, options);
};

/** Kernelspecs, kernels and their control. */
function registerKernelControl(app: FastifyInstance, kernels: KernelManager): void {
  app.get('/kernelspecs', async (request) => kernels.specs(viewerOf(request).username));
  app.get('/kernels', async (request) => kernels.list(viewerOf(request)));
  app.get<{ Params: { id: string } }>('/kernels/:id', { schema: { params: idParams } }, async (request) => kernels.get(viewerOf(request), request.params.id));

  app.post<{ Body: { kernelspec?: string; path?: string } }>('/start-kernel', { schema: { body: startKernelBody } }, async (request, reply) =>
    reply.code(201).send(await kernels.start(viewerOf(request), request.body ?? {})),
  );
  app.post<{ Params: { id: string } }>('/kernels/:id/start', { schema: { params: idParams } }, async (request) => kernels.revive(viewerOf(request), request.params.id));
  app.post<{ Params: { id: string } }>('/kernels/:id/interrupt', { schema: { params: idParams } }, async (request) =>
    kernels.interrupt(viewerOf(request), request.params.id),
  );
  app.post<{ Params: { id: string } }>('/kernels/:id/restart', { schema: { params: idParams } }, async (request) => kernels.restart(viewerOf(request), request.params.id));
  app.delete<{ Params: { id: string } }>('/kernels/:id', { schema: { params: idParams } }, async (request, reply) => {
    await kernels.shutdown(viewerOf(request), request.params.id);
    return reply.code(204).send();
  });
}

/** A started run: its events as they come, and how to stop it when its client goes away. */
interface Run {
  start(onEvent: (event: RunEvent) => void): Promise<RunDone>;
  stop(): void;
}

/** POST /run-code: Python on a kernel or SQL on the warehouse, answered as JSON or streamed (SSE). */
function runCode({ kernels, sql }: KernelRouteOptions) {
  return async (request: FastifyRequest<{ Body: RunCodeBody & { runId?: string } }>, reply: FastifyReply) => {
    const viewer = viewerOf(request);
    const { code, kernelId, language = 'python', runId, database_id: databaseId, schema } = request.body;
    checkRunId(runId);
    // A run whose client goes away before its end is stopped: nobody is left to see it.
    const gone = new AbortController();
    const run: Run = {
      stop: () => {
        gone.abort();
        if (language === 'sql' && runId) sql.stop(viewer.username, viewer.admin, runId).catch(() => undefined);
      },
      start: (onEvent) => {
        if (language === 'sql') return runSql(sql, viewer, code, { runId, databaseId, schema }, onEvent);
        if (!kernelId) throw badRequest('kernelId is required to run Python code; start a kernel first (POST /start-kernel)');
        return kernels.execute(viewer, kernelId, code, onEvent, gone.signal);
      },
    };
    return wantsEventStream(request.headers.accept) ? streamRun(run, reply) : answerRun(run, reply);
  };
}

/** The run's events as an event stream, ended by its `done`. */
async function streamRun(run: Run, reply: FastifyReply): Promise<FastifyReply> {
  let stream: EventStream | null = null;
  let ended = false;
  const pending: RunEvent[] = [];
  const send = (event: RunEvent) => (stream ? stream.send(event.type, event) : pending.push(event));
  const done = run.start(send); // throws here, before the stream opens, for bad requests and rights
  stream = openEventStream(reply, {
    onClose: () => {
      if (!ended) run.stop();
    },
    onResume: (dropped) => stream?.send('output', { type: 'output', output: droppedNote(dropped) }, true),
  });
  for (const event of pending.splice(0)) stream.send(event.type, event);
  const end = await done;
  ended = true;
  stream.send('done', end, true);
  stream.end();
  return reply;
}

/** The run's outputs in one JSON answer at its end. */
async function answerRun(run: Run, reply: FastifyReply): Promise<RunCodeResponse> {
  let outputs: RunOutputs = NO_OUTPUTS;
  const answered = run.start((event) => (outputs = applyRunEvent(outputs, event)));
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) run.stop();
  });
  const end = await answered;
  const saved = outputs.outputs.map(withoutTransient);
  return { outputs: saved, output: outputsText(saved), execution_count: end.execution_count, status: end.status };
}

function cancelRun(sql: WarehouseSqlPort) {
  return async (request: FastifyRequest<{ Body: { runId: string } }>, reply: FastifyReply) => {
    const viewer = viewerOf(request);
    checkRunId(request.body.runId);
    await stopSql(sql, viewer.username, viewer.admin, request.body.runId);
    return reply.code(204).send();
  };
}

/** GET /kernel-events: the viewer's kernels and notebook server, live, until the credential ends. */
function kernelEvents(kernels: KernelManager, eventStreams: Set<EventStream>) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const viewer = viewerOf(request);
    const snapshot = () => {
      for (const kernel of kernels.list(viewer)) stream.send('kernel', { type: 'kernel', kernel }, true);
      stream.send('server', { type: 'server', server: kernels.serverStatus(viewer, viewer.username) }, true);
    };
    const stream = openEventStream(reply, {
      onClose: () => {
        unsubscribe();
        stopWatching();
        eventStreams.delete(stream);
      },
      // States dropped for a slow client are made up for by the latest ones; a removal is always sent.
      onResume: snapshot,
    });
    // Signing out (or any end of the session or token family) ends the stream.
    const stopWatching = request.server.services.credentialEnds.watch(request.auth, () => stream.end());
    eventStreams.add(stream);
    snapshot();
    const unsubscribe = kernels.hub.subscribe({ ...viewer, send: (event) => stream.send(event.type, event, event.type === 'kernel_removed') });
    return reply;
  };
}

/** The personal notebook servers: start, stop and status, by username. */
function registerServerRoutes(app: FastifyInstance, { kernels, userExists }: KernelRouteOptions): void {
  /** Rights first (a user learns nothing of other names), then whether the name exists. */
  const knownUser = async (viewer: Viewer, username: string): Promise<void> => {
    kernels.serverStatus(viewer, username);
    if (!(await userExists(username))) throw notFound(`No user named ${username}`);
  };
  app.post<{ Body: { username: string } }>('/start-server', { schema: { body: usernameBody } }, async (request) => {
    const viewer = viewerOf(request);
    await knownUser(viewer, request.body.username);
    return kernels.startServer(viewer, request.body.username);
  });
  app.delete<{ Body: { username: string } }>('/stop-server', { schema: { body: usernameBody } }, async (request) => {
    const viewer = viewerOf(request);
    await knownUser(viewer, request.body.username);
    return kernels.stopServer(viewer, request.body.username);
  });
  app.get<{ Querystring: { username: string } }>('/status-server', { schema: { querystring: usernameQuery } }, async (request) => {
    const viewer = viewerOf(request);
    await knownUser(viewer, request.query.username);
    return kernels.serverStatus(viewer, request.query.username);
  });
}

async function runSql(sql: WarehouseSqlPort, viewer: Viewer, code: string, where: SqlRunOptions, onEvent: (event: RunEvent) => void): Promise<RunDone> {
  const outputs = sqlOutputs(await sql.run(viewer.username, code, where));
  for (const output of outputs) onEvent({ type: 'output', output });
  return { type: 'done', execution_count: null, status: outputs.some((output) => output.output_type === 'error') ? 'error' : 'ok' };
}

function checkRunId(runId: string | undefined): void {
  if (runId !== undefined && (runId.length < RUN_ID_LENGTH.min || runId.length > RUN_ID_LENGTH.max)) {
    throw badRequest(`runId must be ${RUN_ID_LENGTH.min} to ${RUN_ID_LENGTH.max} characters`);
  }
}

/** Said in a run's stream where outputs were dropped because its client read them too slowly. */
function droppedNote(dropped: number): NbOutput {
  const text = `\n[${dropped} output${dropped === 1 ? ' was' : 's were'} dropped here: the connection read them more slowly than the cell printed them.]\n`;
  return { output_type: 'stream', name: 'stderr', text };
}

/** transient (a display id) lives only while the run streams; nbformat has no place for it. */
function withoutTransient(output: NbOutput): NbOutput {
  if (output.output_type !== 'display_data' || output.transient === undefined) return output;
  const { transient: _transient, ...saved } = output as DisplayDataOutput;
  return saved;
}

function viewerOf(request: FastifyRequest): Viewer {
  if (!request.user) throw new Error('The auth guard did not attach a user');
  return { username: request.user.username, admin: request.user.role === 'admin' };
}

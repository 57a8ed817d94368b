import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createActor } from 'xstate';
import type { SignedIn } from './commands/app';
import type * as KitModule from './commands';
import type { NotebookDocCommands } from './commands/notebook/doc';
import type { Notice } from './commands/core';
import { once } from './commands/once';
import { authActors, createAccountCommands, followSession, type OpenSession } from './commands/session/session';
import { authMachine } from './machines/auth.machine';
import type { BiApi } from './sync/api/bi.api';
import { fetchRuntimeConfig } from './sync/api/config.api';
import { createConsoleApi } from './sync/api/console.api';
import { createHealthApi, type HealthApi } from './sync/api/health.api';
import { createHttp } from './sync/api/http';
import type { BiMetadata } from './sync/caches/biMetadata';
import type { Sender } from './sync/outbox/sender';
import type { Output } from './model/nbformat/types';
import type { Profile, RuntimeConfig } from './sync/api/types';
import { registerServiceWorker } from './sync/serviceWorker';
import { readUserCookie } from './sync/userCookie';
import { App } from './ui/App';
import { createToasts } from './ui/toasts';
import './ui/styles/app.css';

/**
 * The composition root: the only place that builds the API clients, the actors, the database and
 * the command maps, and wires them together. Screens get the result through one provider.
 */

/** How the user hears of outcomes: toasts. */
const toasts = createToasts();
const notify = (notice: Notice): void => toasts.show(notice);

interface Apis {
  health: HealthApi;
  /** An instance for this origin, for the sender's saves (built with the session: the login route needs none). */
  origin: ReturnType<typeof createHttp>;
  /** An instance for the notebook API (its client code loads with the session). */
  notebook: ReturnType<typeof createHttp>;
  /** An instance for the workflow API (Airflow's), used by the workflow screens' commands. */
  workflow: ReturnType<typeof createHttp>;
  /** Admin-only and with its own dependencies (rison), so it loads with the pages that use it, not the login route. */
  bi: () => Promise<BiApi>;
}

type Kit = typeof KitModule;
type Db = InstanceType<Kit['ConsoleDb']>;

/** What the session's builders share; openSession makes it once. */
interface Session {
  kit: Kit;
  user: Profile;
  config: RuntimeConfig;
  apis: Apis;
  db: Db;
  /** The deps every command map takes. */
  context: { db: Db; identity: Awaited<ReturnType<Kit['loadIdentity']>>; notify: typeof notify };
  sync: ReturnType<Kit['startSync']>;
  /** BI metadata, made on first use. */
  metadata: () => Promise<BiMetadata>;
  /** The parts loaded on first use that stop with the session. */
  loaded: { stop: () => void }[];
}

/** The one sender of saves, over every save route. */
function buildSender({ kit, db, context, config, apis }: Session, onUnauthorized: () => void) {
  const saves = kit.createSavesApi({ http: apis.origin, csrfTokenUrl: `${config.apis.bi}/v1/security/csrf_token/`, onUnauthorized });
  return kit.createSender({
    db,
    identity: context.identity,
    api: saves,
    routes: [kit.workspaceRoute({ db, mount: config.apis.notebook, bucket: kit.WORKSPACE_BUCKET }), kit.savedQueryRoute({ db, mount: config.apis.bi }), kit.carriedSaveRoute()],
    locks: globalThis.navigator?.locks,
    isServerUp: () => apis.health.isUp(),
  });
}

function buildWorkspace({ kit, context, sync, apis, config }: Session, sender: Sender) {
  return kit.createWorkspaceCommands({
    ...context,
    sender,
    refresh: () => sync.refreshNow('workspace'),
    notebooks: kit.createNotebookApi(apis.notebook),
    mount: config.apis.notebook,
    uploadMaxBytes: config.uploadMaxBytes,
  });
}

function lazySqlLab({ context, user, apis, metadata, sync, loaded }: Session) {
  return once(async () => {
    const { createSqlLab } = await import('./commands/sql/lab');
    const lab = createSqlLab({ ...context, username: user.username, api: await apis.bi(), metadata: await metadata(), refreshMetadata: () => sync.refreshNow('metadata') });
    loaded.push(lab);
    return lab;
  });
}

function lazyCatalog({ kit, db, context, user, apis, sync }: Session) {
  return once(async () => {
    const { createCatalogBrowser } = await import('./commands/catalog/browser');
    const cache = () => kit.readCache(db);
    return createCatalogBrowser({ ...context, username: user.username, email: user.email, cache, api: await apis.bi(), refreshMetadata: () => sync.refreshNow('metadata') });
  });
}

function lazyKernels({ db, user, apis, config, metadata, sync, loaded }: Session, notebook: () => Promise<NotebookDocCommands>) {
  return once(async () => {
    const [{ createKernels }, { createKernelsApi }, { createMetadataWatch }, docs, read] = await Promise.all([
      import('./commands/kernels/kernels'),
      import('./sync/api/kernels.api'),
      import('./commands/catalog/watch'),
      notebook(),
      metadata(),
    ]);
    const api = createKernelsApi(apis.notebook, config.apis.notebook);
    const record = (docId: string, cellId: string, outputs: Output[], count: number | null) => void docs.recordOutputs(docId, cellId, outputs, count);
    const warehouse = { watchMetadata: createMetadataWatch({ db, refresh: () => sync.refreshNow('metadata') }).watch, metadata: read };
    const hosted = createKernels({ api, username: user.username, notify, record, warehouse });
    loaded.push(hosted);
    return hosted;
  });
}

function lazyWorkflows({ db, config, apis, sync, loaded }: Session) {
  return once(async () => {
    const [{ createWorkflows }, { createWorkflowService }, { createGraphLayout }] = await Promise.all([
      import('./commands/workflows/workflows'),
      import('./sync/api/workflow.api'),
      import('./workers/graphLayoutClient'),
    ]);
    const service = createWorkflowService(config, apis.workflow);
    const commands = createWorkflows({ db, service, notify, graphs: createGraphLayout(), refreshWatched: () => sync.refreshNow('workflows') });
    loaded.push(commands);
    return commands;
  });
}

/**
 * Everything one signed-in user's session runs: the database, this page's identity, the sync
 * client, the one sender of saves, the command maps. Built when the user signs in (its code loads
 * then), closed when they sign out or the server ends the session.
 */
async function openSession(user: Profile, config: RuntimeConfig, apis: Apis, onUnauthorized: () => void): Promise<OpenSession<SignedIn>> {
  const kit = await import('./commands');
  const db = new kit.ConsoleDb();
  const identity = await kit.loadIdentity(db);
  // Drafts live in IndexedDB: ask the browser not to evict them under storage pressure.
  void kit.requestPersistentStorage();
  const context = { db, identity, notify };
  const sync = kit.startSync({ config, onUnauthorized });
  const metadata = once(async () =>
    (await import('./sync/caches/biMetadata')).createBiMetadata({ db, wake: () => sync.refreshNow('metadata'), searchTables: async (text, limit) => (await apis.bi()).searchTables(text, limit) }),
  );
  const session: Session = { kit, user, config, apis, db, context, sync, metadata, loaded: [] };
  const sender = buildSender(session, onUnauthorized);
  const workspace = buildWorkspace(session, sender);
  const notebook = once(async () => (await import('./commands/notebook/doc')).createNotebookDocCommands({ ...context, sender, read: workspace.readNotebook }));
  const notebookTabs = once(async () => (await import('./commands/notebook/tabs')).createNotebookTabCommands({ ...context, workspace }));
  // The browser says the network is back: send what waits (the probe would notice a little later).
  const online = () => sender.wake();
  window.addEventListener('online', online);
  sender.wake(); // what an earlier session left unsent
  return {
    value: {
      username: user.username,
      reads: kit.createReads(db),
      workspace,
      saves: kit.createSaveCommands({ ...context, sender, workspace }),
      savedQueries: kit.createSavedQueryCommands({ ...context, sender, api: apis.bi }),
      sqlLab: lazySqlLab(session),
      catalog: lazyCatalog(session),
      notebook,
      notebookTabs,
      kernels: lazyKernels(session, notebook),
      workflows: lazyWorkflows(session),
      recordVisit: (visit) => void kit.recordVisit(db, { ...visit, username: user.username, visitedAt: Date.now() }).catch((error: unknown) => console.warn('Could not remember the visit', error)),
      storageEstimate: kit.storageEstimate,
    },
    close() {
      window.removeEventListener('online', online);
      sender.stop();
      sync.stop();
      session.loaded.forEach((part) => part.stop());
      db.close();
    },
  };
}

async function boot() {
  // Signed in (the cookie says so): the session's code loads while the config and the session check are awaited.
  if (readUserCookie()) void import('./commands').catch(() => {}); // a failure is openSession's to report
  const config = await fetchRuntimeConfig();
  // Every API client gets this: a 401 from any service ends the session and leads to sign-in.
  const onUnauthorized = () => auth.send({ type: 'SESSION_EXPIRED' });
  const http = (baseURL: string) => createHttp({ baseURL, onUnauthorized });
  const auth = createActor(authMachine.provide({ actors: authActors(createConsoleApi(http(config.apis.console))) }));
  auth.start();
  const apis: Apis = {
    health: createHealthApi(createHttp({ baseURL: '/' })),
    origin: http('/'),
    notebook: http(config.apis.notebook),
    workflow: http(config.apis.workflow),
    bi: once(() => import('./sync/api/bi.api').then(({ createBiApi }) => createBiApi(http(config.apis.bi)))),
  };
  // Registered on every route, so the app shell is cached from the first visit on.
  registerServiceWorker((reload) => toasts.show({ kind: 'info', message: 'New version available', duration: Infinity, action: { label: 'Reload', onClick: reload } }));
  // A session trusted from the cookie while offline is confirmed as soon as the network returns.
  window.addEventListener('online', () => auth.send({ type: 'RECHECK' }));
  const session = followSession(auth, (user) => openSession(user, config, apis, onUnauthorized));
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root element');
  createRoot(root).render(
    <StrictMode>
      <App app={{ auth, account: createAccountCommands(auth), config, session }} toasts={toasts} />
    </StrictMode>,
  );
}

void boot();

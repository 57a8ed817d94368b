import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createActor } from 'xstate';
import { authMachine } from './machines/auth.machine';
import { fetchRuntimeConfig } from './sync/api/config.api';
import { createConsoleApi } from './sync/api/console.api';
import { createHealthApi } from './sync/api/health.api';
import { createNotebookApi } from './sync/api/notebook.api';
import { createHttp } from './sync/api/http';
import { authActors } from './sync/session';
import { App } from './ui/App';
import { registerServiceWorker } from './ui/hooks/useServiceWorker';
import './ui/styles/app.css';

/** The composition root: the only place that wires API clients, actors and the database together. */
async function boot() {
  const config = await fetchRuntimeConfig();
  // Every API client gets this: a 401 from any service ends the session and leads to sign-in.
  const onUnauthorized = () => auth.send({ type: 'SESSION_EXPIRED' });
  const consoleApi = createConsoleApi(createHttp({ baseURL: config.apis.console, onUnauthorized }));
  const auth = createActor(authMachine.provide({ actors: authActors(consoleApi) }));
  auth.start();
  const apis = {
    notebook: createNotebookApi(createHttp({ baseURL: config.apis.notebook, onUnauthorized })),
    health: createHealthApi(createHttp({ baseURL: '/' })),
    // Admin-only and with its own dependencies (rison), so it loads with the SQL pages, not the login route.
    bi: () => import('./sync/api/bi.api').then(({ createBiApi }) => createBiApi(createHttp({ baseURL: config.apis.bi, onUnauthorized }))),
  };
  // Registered on every route, so the app shell is cached from the first visit on.
  const serviceWorker = registerServiceWorker();
  // A session trusted from the cookie while offline is confirmed as soon as the network returns.
  window.addEventListener('online', () => auth.send({ type: 'RECHECK' }));
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root element');
  createRoot(root).render(
    <StrictMode>
      <App services={{ auth, config, apis, serviceWorker }} />
    </StrictMode>,
  );
}

void boot();

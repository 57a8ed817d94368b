import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createActor } from 'xstate';
import { authMachine } from './machines/auth.machine';
import { fetchRuntimeConfig } from './sync/api/config.api';
import { createConsoleApi } from './sync/api/console.api';
import { createHttp } from './sync/api/http';
import { authActors } from './sync/session';
import { App } from './ui/App';
import './ui/styles/app.css';

/** The composition root: the only place that wires API clients, actors and the database together. */
async function boot() {
  const config = await fetchRuntimeConfig();
  const consoleApi = createConsoleApi(createHttp({ baseURL: config.apis.console }));
  const auth = createActor(authMachine.provide({ actors: authActors(consoleApi) }));
  auth.start();
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root element');
  createRoot(root).render(
    <StrictMode>
      <App services={{ auth, config }} />
    </StrictMode>,
  );
}

void boot();

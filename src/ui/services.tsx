import { createContext, useContext, type ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { authMachine } from '../machines/auth.machine';
import type { BiApi } from '../sync/api/bi.api';
import type { HealthApi } from '../sync/api/health.api';
import type { NotebookApi } from '../sync/api/notebook.api';
import type { RuntimeConfig } from '../sync/api/types';

/** The page's line to the service worker (a no-op pair when there is none, as in dev). */
export interface ServiceWorkerLink {
  requestReplay: () => void;
  /** Subscribes to "queued saves were replayed"; returns the unsubscribe function. */
  onReplayed: (listener: () => void) => () => void;
}

/** What the composition root (main.tsx) hands the UI: actors to send events to, and runtime settings. */
export interface Services {
  auth: ActorRefFrom<typeof authMachine>;
  config: RuntimeConfig;
  apis: { notebook: NotebookApi; health: HealthApi; bi: () => Promise<BiApi> };
  serviceWorker: ServiceWorkerLink;
}

const ServicesContext = createContext<Services | null>(null);

export function ServicesProvider({ services, children }: { services: Services; children: ReactNode }) {
  return <ServicesContext.Provider value={services}>{children}</ServicesContext.Provider>;
}

export function useServices(): Services {
  const services = useContext(ServicesContext);
  if (!services) throw new Error('useServices must be used inside <ServicesProvider>');
  return services;
}

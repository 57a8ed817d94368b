import { createContext, useContext, type ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { authMachine } from '../machines/auth.machine';
import type { RuntimeConfig } from '../sync/api/types';

/** What the composition root (main.tsx) hands the UI: actors to send events to, and runtime settings. */
export interface Services {
  auth: ActorRefFrom<typeof authMachine>;
  config: RuntimeConfig;
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

import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';
import type { App, SignedIn } from '../commands/app';

/**
 * The UI's one line to the application: what main.tsx built (the auth actor, the runtime config
 * and the signed-in session with its reads and command maps), handed down by one provider.
 */
const AppContext = createContext<App | null>(null);

export function AppProvider({ app, children }: { app: App; children: ReactNode }) {
  return <AppContext.Provider value={app}>{children}</AppContext.Provider>;
}

export function useApp(): App {
  const app = useContext(AppContext);
  if (!app) throw new Error('useApp must be used inside <AppProvider>');
  return app;
}

/** The signed-in session while it is open (null while it opens, and after sign-out). */
export function useSession(): SignedIn | null {
  const { session } = useApp();
  return useSyncExternalStore(session.subscribe, session.current);
}

/** The signed-in session, for pages under the admin area (which renders them only once it is open). */
export function useSignedIn(): SignedIn {
  const session = useSession();
  if (!session) throw new Error('useSignedIn must be used inside the signed-in area');
  return session;
}

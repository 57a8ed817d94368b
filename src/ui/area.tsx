import { createContext, useContext, type ReactNode } from 'react';
import type { Identity } from '../db/identity';
import type { CatalogServices } from '../sync/catalogServices';
import type { SqlLab } from '../sync/sqlLab';
import type { WorkspaceCommands } from '../sync/workspace.commands';

/** What the signed-in area shares: who this tab is, and the commands pages send intents to. */
export interface AreaServices {
  identity: Identity;
  workspace: WorkspaceCommands;
  refreshWorkspace: () => void;
  requestReplay: () => void;
  /** The SQL workbench's services, loaded with its first page (admins only) and kept for the session. */
  sqlLab: () => Promise<SqlLab>;
  /** The catalog browser's loader and local-edit commands, loaded with its page and kept for the session. */
  catalog: () => Promise<CatalogServices>;
  /** Stops what the session started (the SQL tabs' actors, and a query one still runs) when the area closes. */
  dispose: () => void;
}

const AreaContext = createContext<AreaServices | null>(null);

export function AreaProvider({ value, children }: { value: AreaServices; children: ReactNode }) {
  return <AreaContext.Provider value={value}>{children}</AreaContext.Provider>;
}

export function useArea(): AreaServices {
  const area = useContext(AreaContext);
  if (!area) throw new Error('useArea must be used inside <AreaProvider>');
  return area;
}

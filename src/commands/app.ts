import type { Reads } from '../db/reads';
import type { RecentVisit } from '../model/rows';
import type { RuntimeConfig } from '../sync/api/types';
import type { CatalogBrowser } from './catalog/browser';
import type { Kernels } from './kernels/kernels';
import type { NotebookDocCommands } from './notebook/doc';
import type { NotebookTabCommands } from './notebook/tabs';
import type { SavedQueryCommands } from './savedQueries/savedQueries';
import type { SaveCommands } from './saves/saves';
import type { AccountCommands, AuthActor, Session } from './session/session';
import type { SqlLab } from './sql/lab';
import type { WorkspaceCommands } from './workspace/workspace';
import type { Workflows } from './workflows/workflows';

/**
 * What one signed-in session offers the screens: what they read (live queries over `reads`) and
 * the command maps they act through. main.tsx builds it at sign-in; the SQL workbench, the
 * catalog browser and the notebook editor's commands load with their first page and are kept for the session.
 */
export interface SignedIn {
  username: string;
  reads: Reads;
  workspace: WorkspaceCommands;
  saves: SaveCommands;
  savedQueries: SavedQueryCommands;
  sqlLab: () => Promise<SqlLab>;
  catalog: () => Promise<CatalogBrowser>;
  /** Open notebooks as events (the notebook editor's document); loads with the editor. */
  notebook: () => Promise<NotebookDocCommands>;
  /** The notebook editor's tabs on this device; loads with the editor. */
  notebookTabs: () => Promise<NotebookTabCommands>;
  /** The notebook server, kernels and cell runs of open notebooks; loads with the editor. */
  kernels: () => Promise<Kernels>;
  /** The workflow screens' views and actions (Airflow DAGs); loads with those screens. */
  workflows: () => Promise<Workflows>;
  /** Remembers a page this user opened (the home page's and the Recent page's list). */
  recordVisit: (visit: Omit<RecentVisit, 'username' | 'visitedAt'>) => void;
  /** How much this origin stores and may store; null when the browser cannot say. */
  storageEstimate: () => Promise<{ usage: number; quota: number } | null>;
}

/** What the composition root (main.tsx) hands the UI, through its one provider. */
export interface App {
  /** Read only (useSelector): signing in and out goes through `account`. */
  auth: AuthActor;
  account: AccountCommands;
  config: RuntimeConfig;
  /** The signed-in session, once open. */
  session: Session<SignedIn>;
}

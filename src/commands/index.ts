/**
 * What main.tsx builds a signed-in session from. One chunk, loaded when someone signs in: the
 * login route needs none of it (no Dexie, no sync worker). The SQL workbench and the catalog
 * browser load later, with their pages (commands/sqlLab.ts, commands/catalogEdits.ts).
 */
export { ConsoleDb } from '../db/schema';
export { loadIdentity } from '../db/identity';
export { requestPersistentStorage, storageEstimate } from '../db/storage';
export { createReads, WORKSPACE_BUCKET } from '../db/reads';
export { readCache } from '../db/catalogCache';
export { recordVisit } from '../db/recentVisits';
export { startSync } from '../sync/syncClient';
export { createSavesApi } from '../sync/api/saves.api';
export { createNotebookApi } from '../sync/api/notebook.api';
export { createSender } from '../sync/outbox/sender';
export { createWorkspaceCommands, workspaceRoute } from './workspace/workspace';
export { carriedSaveRoute, createSaveCommands } from './saves/saves';
export { createSavedQueryCommands, savedQueryRoute } from './savedQueries/savedQueries';

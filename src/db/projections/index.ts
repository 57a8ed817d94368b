import { catalogEdits } from './catalogEdits';
import { notebookDocs } from './notebookDocs';
import { notebookTabs } from './notebookTabs';
import { savedQueries } from './savedQueries';
import { saves } from './saves';
import { sqlTabs } from './sqlTabs';
import type { AnyProjection } from './types';
import { workspaceChanges } from './workspaceChanges';

export type { AnyProjection, ProjectionTable, TableProjection } from './types';

/** Every table projection; append() keeps all of them up to date. */
export const PROJECTIONS: readonly AnyProjection[] = [workspaceChanges, sqlTabs, catalogEdits, saves, savedQueries, notebookDocs, notebookTabs];

import { catalogEdits } from './catalog/projection';
import { notebookDocs } from './notebookDoc/projection';
import { notebookTabs } from './notebookTab/projection';
import { savedQueries } from './savedQuery/projection';
import { saves } from './saves/projection';
import { sqlTabs } from './sqlTab/projection';
import type { AnyProjection } from './projectionTypes';
import { workspaceChanges } from './workspace/projection';

export type { AnyProjection, ProjectionTable, TableProjection } from './projectionTypes';

/** Every table projection; append() keeps all of them up to date. */
export const PROJECTIONS: readonly AnyProjection[] = [workspaceChanges, sqlTabs, catalogEdits, saves, savedQueries, notebookDocs, notebookTabs];

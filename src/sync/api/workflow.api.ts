import type { AxiosInstance } from 'axios';
import { WORKFLOW_FILTERS_FEATURE, type RuntimeConfig } from '../../../contracts/config';
import type { WorkflowService } from '../../../contracts/workflow';
import { createWorkflowV1 } from './workflowV1.api';
import { createWorkflowV2, type WorkflowV2Options } from './workflowV2.api';

export type { WorkflowService } from '../../../contracts/workflow';
export { WorkflowApiError } from './workflowHttp';

/**
 * The workflow service for the configured upstream: Airflow 2's v1 (the console's own server, the
 * default) or Airflow 3's v2 (config.workflowApiVersion). `http` is the instance for
 * config.apis.workflow (createHttp), one per service like the other APIs.
 */
export function createWorkflowService(config: Pick<RuntimeConfig, 'workflowApiVersion' | 'features'>, http: AxiosInstance, v2Options?: WorkflowV2Options): WorkflowService {
  if ((config.workflowApiVersion ?? 'v1') === 'v2') return createWorkflowV2(http, v2Options);
  return createWorkflowV1(http, { consoleFilters: config.features[WORKFLOW_FILTERS_FEATURE] === true });
}

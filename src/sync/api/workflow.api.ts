import type { AxiosInstance } from 'axios';
import type { RuntimeConfig } from '../../../contracts/config';
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
export function createWorkflowService(config: Pick<RuntimeConfig, 'workflowApiVersion'>, http: AxiosInstance, v2Options?: WorkflowV2Options): WorkflowService {
  return (config.workflowApiVersion ?? 'v1') === 'v2' ? createWorkflowV2(http, v2Options) : createWorkflowV1(http);
}

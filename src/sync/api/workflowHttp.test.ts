import { describe, expect, it } from 'vitest';
import { createHttp } from './http';
import { networkError, cancelledError, httpError } from './testing/httpErrors';
import { createWorkflowService } from './workflow.api';
import { gatewayMessage, isAbsent, query, refusalMessage, tokenSaysEnded, toWorkflowError, WorkflowApiError } from './workflowHttp';

describe('workflow refusals', () => {
  it.each([
    [{ type: 'x', title: 'DAG not found', status: 404, detail: "DAG with dag_id: 'x' not found" }, "DAG with dag_id: 'x' not found"],
    [{ type: 'x', title: 'Conflict', status: 409 }, 'Conflict'],
    [{ detail: 'Not Found' }, 'Not Found'],
    [{ detail: { reason: 'not_allowed', message: 'DAG is paused' } }, 'DAG is paused'],
    [{ detail: [{ loc: ['query', 'limit'], msg: 'Input should be a valid integer', type: 'int_parsing' }] }, 'limit: Input should be a valid integer'],
    [null, 'The workflow server answered 500'],
  ])('%j → %s', (body, message) => {
    expect(refusalMessage(body === null ? 500 : 404, body)).toBe(message);
  });

  it('converts HTTP refusals but leaves network failures, gateway errors and cancels alone', () => {
    expect(toWorkflowError(httpError(404, { detail: 'gone' }))).toMatchObject({ status: 404, message: 'gone' });
    expect(toWorkflowError(httpError(503))).not.toBeInstanceOf(WorkflowApiError);
    expect(toWorkflowError(networkError())).not.toBeInstanceOf(WorkflowApiError);
    expect(toWorkflowError(cancelledError())).not.toBeInstanceOf(WorkflowApiError);
  });

  it("reads the console proxy's reason from a 502 or 504 problem, nothing from other failures", () => {
    const refused = "The Airflow server refused the console's credentials (401); check CONSOLE_AIRFLOW_USERNAME and CONSOLE_AIRFLOW_PASSWORD";
    expect(gatewayMessage(httpError(502, { type: 'about:blank', title: 'Bad Gateway', status: 502, detail: refused }))).toBe(refused);
    expect(gatewayMessage(httpError(504, { title: 'Gateway Timeout', detail: 'The Airflow server did not answer within 30 s' }))).toBe('The Airflow server did not answer within 30 s');
    expect(gatewayMessage(httpError(502, '<html>nginx</html>'))).toBeNull();
    expect(gatewayMessage(networkError())).toBeNull();
    expect(gatewayMessage(httpError(404, { detail: 'gone' }))).toBeNull();
  });

  it('calls only a 404 or 405 an absent view', () => {
    expect(isAbsent(new WorkflowApiError(404, 'x', null))).toBe(true);
    expect(isAbsent(new WorkflowApiError(405, 'x', null))).toBe(true);
    expect(isAbsent(new WorkflowApiError(500, 'x', null))).toBe(false);
    expect(isAbsent(networkError())).toBe(false);
  });
});

describe('workflow query strings and tokens', () => {
  it('repeats array keys and leaves out undefined and null', () => {
    expect(query({ tags: ['a', 'b'], limit: 10, paused: false, search: undefined, x: null }).toString()).toBe('tags=a&tags=b&limit=10&paused=false');
  });

  it('reads end_of_log from a signed token and says false for anything else', () => {
    const payload = btoa(JSON.stringify({ end_of_log: true, log_pos: 3 })).replace(/=+$/, '');
    expect(tokenSaysEnded(`${payload}.c2ln`)).toBe(true);
    expect(tokenSaysEnded(btoa(JSON.stringify({ end_of_log: false })))).toBe(false);
    expect(tokenSaysEnded('.eJzLSM3JyVcozy_KSQEAGgQEXQ.sig')).toBe(false);
    expect(tokenSaysEnded(null)).toBe(false);
  });
});

describe('createWorkflowService', () => {
  it('speaks v1 unless the config says v2', () => {
    expect(createWorkflowService({ features: {} }, createHttp({ baseURL: '/api/workflow' })).version).toBe('v1');
    expect(createWorkflowService({ workflowApiVersion: 'v1', features: {} }, createHttp({ baseURL: '/api/workflow' })).version).toBe('v1');
    expect(createWorkflowService({ workflowApiVersion: 'v2', features: {} }, createHttp({ baseURL: 'https://airflow' })).version).toBe('v2');
  });

  it("asks the console's own server to filter by owner and last run state, and sort by last run", async () => {
    const seen: string[] = [];
    const http = createHttp({ baseURL: '/api/workflow' });
    http.defaults.adapter = async (config) => {
      seen.push(`${config.url}?${new URLSearchParams(config.params as URLSearchParams).toString()}`);
      return { data: { dags: [], total_entries: 0 }, status: 200, statusText: 'OK', headers: {}, config };
    };
    const api = createWorkflowService({ features: { workflowFilters: true } }, http);
    await api.listDags({ limit: 10, offset: 0, owners: ['ana'], lastRunState: 'failed', orderBy: '-last_run' });
    expect(seen).toEqual(['/v1/dags?order_by=-last_run&owners=ana&last_dag_run_state=failed&limit=10&offset=0']);
  });
});

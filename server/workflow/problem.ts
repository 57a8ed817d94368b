import type { V1Problem } from '../../contracts/airflowV1';

const TYPES: Record<number, string> = { 400: 'BadRequest', 401: 'Unauthenticated', 403: 'PermissionDenied', 404: 'NotFound', 409: 'AlreadyExists' };

/** An expected failure, answered as Airflow 2's API does: RFC 7807 problem JSON. */
export class WorkflowProblem extends Error {
  constructor(
    readonly status: 400 | 404 | 409,
    readonly title: string,
    readonly detail: string,
  ) {
    super(detail);
    this.name = 'WorkflowProblem';
  }

  toJSON(): V1Problem {
    return problemBody(this.status, this.title, this.detail);
  }
}

export function problemBody(status: number, title: string, detail: string): V1Problem {
  const type = `https://airflow.apache.org/docs/apache-airflow/2.10.0/stable-rest-api-ref.html#section/Errors/${TYPES[status] ?? 'Unknown'}`;
  return { type, title, status, detail };
}

export const notFound = (title: string, detail: string) => new WorkflowProblem(404, title, detail);
export const badRequest = (detail: string) => new WorkflowProblem(400, 'Bad Request', detail);
export const conflict = (detail: string) => new WorkflowProblem(409, 'Conflict', detail);

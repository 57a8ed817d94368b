import type { Cell, ResultColumn } from '../../contracts/bi';
import { NOTEBOOK_DATABASE_ID, type NbOutput } from '../../contracts/kernels';
import type { UserStore } from '../auth/users';
import { runnerFor, type BiContext } from '../bi/context';
import { BiHttpError } from '../bi/errors';
import { notFound } from './errors';
import type { SqlRows } from './provider';

/** Rows drawn in a cell's HTML table; every row stays in the output's JSON data. */
const HTML_ROWS = 1000;

/** Where a SQL cell runs (the notebook's database and no schema by default) and its runId for stopping it. */
export interface SqlRunOptions {
  runId?: string;
  databaseId?: number;
  schema?: string;
}

export type SqlOutcome = { ok: true; columns: ResultColumn[]; rows: Record<string, Cell>[]; note: string | null } | { ok: false; message: string };

/**
 * Runs notebook SQL on the warehouse through SQL Lab's executor, so it has SQL Lab's limits,
 * timeout, statement policy, history entry and stop (by runId, SQL Lab's client_id).
 */
export class WarehouseSql {
  constructor(
    private readonly bi: BiContext,
    private readonly users: Pick<UserStore, 'find'>,
  ) {}

  async run(username: string, sql: string, { runId, databaseId = NOTEBOOK_DATABASE_ID, schema }: SqlRunOptions = {}): Promise<SqlOutcome> {
    const record = await this.users.find(username);
    const runner = await runnerFor(this.users, { username, admin: record?.role === 'admin' });
    try {
      const outcome = await this.bi.executor.execute(runner, { database_id: databaseId, sql, ...(schema ? { schema } : {}), ...(runId ? { client_id: runId } : {}) });
      if (outcome.status !== 200) return { ok: false, message: outcome.body.message };
      const { body } = outcome;
      return { ok: true, columns: body.columns, rows: body.data.values(), note: body.truncated ? (body.truncated_reason ?? 'Result truncated') : null };
    } catch (error) {
      if (error instanceof BiHttpError) return { ok: false, message: error.body.message };
      throw error;
    }
  }

  /** Stops a SQL cell's run (its runId); a finished one is left as it is; an unknown one is a 404. */
  async stop(username: string, admin: boolean, runId: string): Promise<void> {
    try {
      await this.bi.executor.stop({ username, admin }, runId);
    } catch (error) {
      if (error instanceof BiHttpError && error.statusCode === 404) throw notFound(`No SQL run with runId ${runId}`);
      throw error;
    }
  }

  /** The embedded kernel's sql(query): rows, or an Error whose message the cell shows. */
  async rows(username: string, sql: string): Promise<SqlRows> {
    const outcome = await this.run(username, sql);
    if (!outcome.ok) throw new Error(outcome.message);
    return { columns: outcome.columns.map((column) => column.name), rows: outcome.rows };
  }
}

/** A SQL cell's outputs: the rows as a table (HTML, JupyterLab's data resource, plain text), or the error. */
export function sqlOutputs(outcome: SqlOutcome): NbOutput[] {
  if (!outcome.ok) return [{ output_type: 'error', ename: 'SQLError', evalue: outcome.message, traceback: [`\u001b[0;31mSQLError\u001b[0m: ${outcome.message}`] }];
  const names = outcome.columns.map((column) => column.name);
  const summary = `${outcome.rows.length} row${outcome.rows.length === 1 ? '' : 's'}${outcome.note ? ` (${outcome.note})` : ''}`;
  return [
    {
      output_type: 'execute_result',
      execution_count: null,
      data: {
        'text/html': htmlTable(names, outcome.rows, summary),
        'application/vnd.dataresource+json': { schema: { fields: outcome.columns.map((column) => ({ name: column.name, type: column.type })) }, data: outcome.rows },
        'text/plain': `${[names.join('\t'), ...outcome.rows.slice(0, 20).map((row) => names.map((name) => plain(row[name])).join('\t'))].join('\n')}\n${summary}`,
      },
      metadata: {},
    },
  ];
}

export function htmlTable(names: string[], rows: Record<string, unknown>[], summary: string): string {
  const head = names.map((name) => `<th>${escapeHtml(name)}</th>`).join('');
  const body = rows
    .slice(0, HTML_ROWS)
    .map((row) => `<tr>${names.map((name) => `<td>${escapeHtml(plain(row[name]))}</td>`).join('')}</tr>`)
    .join('');
  const shown = rows.length > HTML_ROWS ? `, the first ${HTML_ROWS} shown` : '';
  return `<table class="dataframe"><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table><p>${escapeHtml(summary + shown)}</p>`;
}

function plain(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

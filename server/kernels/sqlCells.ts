import type { NbOutput } from '../../contracts/kernels';
import type { SqlOutcome, WarehouseSqlPort } from '../warehouse/sqlPort';
import { notFound } from './errors';
import type { SqlRows } from './provider';

/** Rows drawn in a cell's HTML table; every row stays in the output's JSON data. */
const HTML_ROWS = 1000;

/** Stops a SQL cell's run (its runId); a finished one is left as it is; an unknown one is a 404. */
export async function stopSql(sql: WarehouseSqlPort, username: string, admin: boolean, runId: string): Promise<void> {
  if (!(await sql.stop(username, admin, runId))) throw notFound(`No SQL run with runId ${runId}`);
}

/** The embedded kernel's sql(query): rows, or an Error whose message the cell shows. */
export async function sqlRows(sql: WarehouseSqlPort, username: string, query: string): Promise<SqlRows> {
  const outcome = await sql.run(username, query);
  if (!outcome.ok) throw new Error(outcome.message);
  return { columns: outcome.columns.map((column) => column.name), rows: outcome.rows };
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

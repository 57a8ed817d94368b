import { badRequest } from './problem';

/** Airflow's maximum_page_limit is 100 by default; the console's grid and lists ask for fewer. */
export const MAX_PAGE = 1000;

export const PAGE_PROPERTIES = {
  limit: { type: 'integer', minimum: 0, default: 100 },
  offset: { type: 'integer', minimum: 0, default: 0 },
} as const;

export const DATE = { type: 'string', format: 'date-time' } as const;
export const STRINGS = { type: 'array', items: { type: 'string' } } as const;

export interface Page {
  limit: number;
  offset: number;
}

export const pageOf = (query: Page): Page => ({ limit: Math.min(query.limit, MAX_PAGE), offset: query.offset });

/** `field` or `-field` among the allowed ones (API name → SQL column), as SQL; 400 otherwise. */
export function orderBy(value: string | undefined, allowed: Record<string, string>, fallback: string): string {
  if (value === undefined || value === '') return fallback;
  const descending = value.startsWith('-');
  const column = allowed[descending ? value.slice(1) : value];
  if (!column) throw badRequest(`Ordering with '${value}' is disallowed or the attribute does not exist on the model`);
  return `${column} ${descending ? 'DESC' : 'ASC'}`;
}

/** Conditions and parameters for a WHERE clause, numbered $1, $2... in the order they are added. */
export class Where {
  readonly conditions: string[] = [];
  readonly params: (string | number | null)[] = [];

  add(sql: (mark: (value: string | number | null) => string) => string): this {
    this.conditions.push(sql((value) => `$${this.params.push(value)}`));
    return this;
  }

  /** column IN (...) unless the list is empty or absent. */
  anyOf(column: string, values: readonly (string | number)[] | undefined): this {
    if (values && values.length > 0) this.add((mark) => `${column} IN (${values.map((value) => mark(value)).join(', ')})`);
    return this;
  }

  /** column >= / <= the given ISO times, when given. */
  between(column: string, gte: string | undefined, lte: string | undefined): this {
    if (gte !== undefined) this.add((mark) => `${column} >= ${mark(Date.parse(gte))}`);
    if (lte !== undefined) this.add((mark) => `${column} <= ${mark(Date.parse(lte))}`);
    return this;
  }

  get sql(): string {
    return this.conditions.length ? this.conditions.join(' AND ') : '1 = 1';
  }
}

/** A comma-separated list (dag_ids=a,b), empty items dropped. */
export const commaList = (value: string | undefined): string[] => (value ?? '').split(',').map((item) => item.trim()).filter(Boolean);

import type { V2LogRecord } from '../../../contracts/airflowV2';

const RECORD_KEYS = new Set(['event', 'timestamp', 'level', 'logger']);

/**
 * One of Airflow 3's structured log records (or a plain line) as text, `[timestamp] LEVEL - event`,
 * so the viewer's level filter and search work as on Airflow 2's text; other keys follow as
 * key=value. The client's JSON reads and the server's paged ndjson reads both say it so: the text
 * of a followed try and of its pages is the same. An event may hold several lines (a traceback).
 */
export function recordText(item: V2LogRecord | string): string {
  if (typeof item === 'string') return item;
  const extras = Object.entries(item)
    .filter(([key, value]) => !RECORD_KEYS.has(key) && value !== null && value !== undefined)
    .map(([key, value]) => `${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`);
  const head = `${item.timestamp ? `[${item.timestamp}] ` : ''}${item.level ? `${item.level.toUpperCase()} - ` : ''}`;
  const source = typeof item.logger === 'string' ? ` (${item.logger})` : '';
  return `${head}${item.event ?? ''}${source}${extras.length ? ` ${extras.join(' ')}` : ''}`;
}

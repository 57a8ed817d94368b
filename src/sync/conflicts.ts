import type { OutboxRow } from '../db/schema';

/** A queued write of a notebook's content (the only kind of save that can be kept as a copy). */
export function isFileWrite(entry: Pick<OutboxRow, 'method' | 'url' | 'body'>): boolean {
  return entry.method === 'POST' && new URL(entry.url, 'http://x').pathname.endsWith('/api/notebook/files') && !!entry.body;
}

/** "reports/q1.ipynb" → "reports/q1 (copy).ipynb", the path a conflicting save is kept under. */
export function copyPathFor(path: string, stamp = new Date()): string {
  const dot = path.lastIndexOf('.');
  const [stem, ext] = dot > path.lastIndexOf('/') ? [path.slice(0, dot), path.slice(dot)] : [path, ''];
  const time = `${stamp.getHours()}`.padStart(2, '0') + `${stamp.getMinutes()}`.padStart(2, '0');
  return `${stem} (copy ${time})${ext}`;
}

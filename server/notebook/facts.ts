import { readFile } from 'node:fs/promises';
import { notebookFacts } from '../../contracts/workspace';
import { LruMap } from '../store/lru';
import { contentVersion } from './model';

/** What GET /details tells of a notebook's content, with the version of the bytes it read. */
export interface ContentFacts {
  version: string;
  size: number;
  kernel: string | null;
  cellCount: number | null;
}

/** Notebooks whose facts are kept; each entry is a few numbers and strings. */
const CAPACITY = 500;

/**
 * A notebook's facts, worked out once per file state (path, mtime and size) rather than on
 * every call: a 45 MB notebook takes a read, a hash and a JSON parse. Callers asking at the
 * same time share one computation; a failed one is forgotten.
 */
export class FactsCache {
  private readonly entries = new LruMap<string, Promise<ContentFacts>>(CAPACITY);

  of(absolute: string, mtimeMs: number, size: number): Promise<ContentFacts> {
    const key = `${absolute}\u0000${mtimeMs}\u0000${size}`;
    const known = this.entries.get(key);
    if (known) return known;
    const facts = computeFacts(absolute);
    this.entries.set(key, facts);
    facts.catch(() => this.entries.delete(key));
    return facts;
  }
}

async function computeFacts(absolute: string): Promise<ContentFacts> {
  const content = await readFile(absolute);
  return { version: contentVersion(content), size: content.length, ...notebookFacts(content.toString('utf8')) };
}

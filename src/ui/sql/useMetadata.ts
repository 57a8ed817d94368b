import { useEffect } from 'react';
import type { MetadataWatch } from '../../commands/catalog/watch';
import { useLive } from '../hooks/live';

export interface MetadataShown<T> {
  /** The kept answer (null until one came). */
  value: T | null;
  /** Why the last fetch failed, when it did (the kept answer still shows). */
  error: string | null;
  /** Asked for, and nothing kept yet. */
  loading: boolean;
}

/**
 * A BI metadata key (built with metadataKeys) as the SQL editor's schema panel and a notebook's SQL
 * cells show it: asked for
 * through the sync worker, read live from the cache (so a refresh in any browser tab shows here).
 * A null key asks nothing.
 */
export function useMetadata<T>(lab: { watchMetadata: MetadataWatch['watch'] }, key: string | null): MetadataShown<T> {
  const entry = useLive((reads) => (key === null ? Promise.resolve(null) : reads.metadataEntry<T>(key)), [key]);
  useEffect(() => {
    if (key !== null) void lab.watchMetadata([key]);
  }, [lab, key]);
  if (!entry) return { value: null, error: null, loading: key !== null };
  return { value: entry.value ?? null, error: entry.state.error, loading: entry.value === undefined && entry.state.error === null };
}

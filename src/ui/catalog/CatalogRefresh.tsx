import { formatDistanceToNow } from 'date-fns';
import { useEffect, useRef } from 'react';
import { nodeById, type TreeIndex } from '../../model/catalog/tree';
import type { CatalogNodeId } from '../../model/catalog/types';
import { ROOT_TARGET, type CatalogBrowser } from '../../commands/catalog/browser';
import { useNow } from '../hooks/useNow';
import { useOnline } from '../hooks/useOnline';
import { loadTargetOf } from './useCatalog';

/** Offline (or answered from the cache), say how old what is shown is. */
export function CacheNote({ fetchedAt, stale }: { fetchedAt: number | null; stale: boolean }) {
  const online = useOnline();
  const now = useNow(30_000);
  if ((online && !stale) || fetchedAt === null) return null;
  return (
    <p className="catalog-note" role="status">
      {online ? 'The server cannot be reached' : 'Offline'} · cached {formatDistanceToNow(Math.min(fetchedAt, now), { addSuffix: true })}
    </p>
  );
}

/** Back online, what the user opened is asked for again (the sync worker fetches it in the background); nothing collapses. */
export function useBackgroundRefresh(services: CatalogBrowser | null, index: TreeIndex | null, expanded: ReadonlySet<CatalogNodeId>) {
  const online = useOnline();
  const latest = useRef({ index, expanded });
  useEffect(() => {
    latest.current = { index, expanded };
  });
  const wasOnline = useRef(online);
  useEffect(() => {
    const cameBack = online && !wasOnline.current;
    wasOnline.current = online;
    if (!services || !cameBack) return;
    const { index: current, expanded: open } = latest.current;
    const targets = [...open].flatMap((id) => {
      const node = nodeById(current, id);
      return node ? [loadTargetOf(node)] : [];
    });
    void services.metadata.watchNodes([ROOT_TARGET, ...targets], { force: true });
  }, [services, online]);
}

import { useEffect } from 'react';
import { useMatches } from 'react-router-dom';
import { PRODUCT_NAME } from '../components/Logo';

/** Set per route through `handle`: what the page header and the document title show. */
export interface PageMeta {
  title: string;
  description?: string;
  /** When present, the header shows a search box whose text is the `q` URL parameter. */
  search?: { placeholder: string };
  /** The page shows its own heading (the notebook editor: its notebook's name), so no header is drawn above it. */
  ownHeading?: boolean;
}

export function usePageMeta(): PageMeta | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i].handle as { meta?: PageMeta } | undefined;
    if (handle?.meta) return handle.meta;
  }
  return undefined;
}

/** "SQL Editor · Data Platform Console": the page first, so a row of browser tabs tells them apart. */
export function documentTitle(meta: Pick<PageMeta, 'title'> | undefined): string {
  return meta ? `${meta.title} · ${PRODUCT_NAME}` : PRODUCT_NAME;
}

/** Keeps the document title on the deepest matched route's title (called once, at the root route). */
export function useDocumentTitle(): void {
  const title = documentTitle(usePageMeta());
  useEffect(() => {
    document.title = title;
  }, [title]);
}

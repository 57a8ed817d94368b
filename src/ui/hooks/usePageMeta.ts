import { useMatches } from 'react-router-dom';

/** Set per route through `handle`: what the page header shows. */
export interface PageMeta {
  title: string;
  description?: string;
  /** When present, the header shows a search box whose text is the `q` URL parameter. */
  search?: { placeholder: string };
}

export function usePageMeta(): PageMeta | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i].handle as { meta?: PageMeta } | undefined;
    if (handle?.meta) return handle.meta;
  }
  return undefined;
}

import { createContext, useContext, useState, type ReactNode } from 'react';
import type { TexRenderer } from './math';
import { ansiHtml, markdownHtml } from './render';

/** A render by kind and key (the text rendered): made once, then the same string or value again. */
export type RenderCache = <T>(kind: string, key: string, make: () => T) => T;

/** Outside a list of cells nothing is kept: each render is made when asked for. */
const RenderCacheContext = createContext<RenderCache>((_kind, _key, make) => make());

/** More entries than a big notebook holds: past this a kind starts over (typing renders new texts). */
const MAX_ENTRIES = 5000;

/**
 * Keeps what a list's cells render from their text (markdown, coloured code, terminal text) for the
 * life of the list: a cell scrolled back into view, or shown again after an edit elsewhere, mounts
 * without parsing and sanitising the same text again.
 */
export function RenderCacheProvider({ children }: { children: ReactNode }) {
  const [cache] = useState<RenderCache>(() => {
    const kinds = new Map<string, Map<string, unknown>>();
    return <T,>(kind: string, key: string, make: () => T): T => {
      let entries = kinds.get(kind);
      if (!entries || entries.size >= MAX_ENTRIES) kinds.set(kind, (entries = new Map()));
      if (entries.has(key)) return entries.get(key) as T;
      const made = make();
      entries.set(key, made);
      return made;
    };
  });
  return <RenderCacheContext.Provider value={cache}>{children}</RenderCacheContext.Provider>;
}

export function useRenderCache(): RenderCache {
  return useContext(RenderCacheContext);
}

/** A cell's markdown as sanitised HTML (with attachments it is made each time: they are part of what it shows). */
export function cachedMarkdown(cache: RenderCache, source: string, tex: TexRenderer | null, attachments?: Parameters<typeof markdownHtml>[1]): string {
  if (attachments) return markdownHtml(source, attachments, tex);
  return cache(tex ? 'markdown+tex' : 'markdown', source, () => markdownHtml(source, undefined, tex));
}

export function cachedAnsi(cache: RenderCache, text: string): string {
  return cache('ansi', text, () => ansiHtml(text));
}

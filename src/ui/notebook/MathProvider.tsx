import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { TexRenderer } from './math';
import 'katex/dist/katex.min.css';

type MathState = { tex: TexRenderer | null; load: () => void };

/** Without a provider math stays TeX source (nothing is loaded). */
const MathContext = createContext<MathState>({ tex: null, load: () => {} });

/**
 * Loads KaTeX (about 270 KB) the first time something inside needs math, and gives every cell the
 * same renderer. Wrap a notebook's cells in it (the read-only view and the editor).
 */
export function MathProvider({ children }: { children: ReactNode }) {
  const [tex, setTex] = useState<TexRenderer | null>(null);
  const load = useCallback(() => {
    void import('katex').then(({ default: katex }) => {
      // trust: false refuses \href, \url, \includegraphics and HTML extensions; bad TeX shows in red, never throws.
      setTex(() => (source: string, display: boolean) => katex.renderToString(source, { displayMode: display, throwOnError: false, trust: false }));
    });
  }, []);
  const value = useMemo(() => ({ tex, load }), [tex, load]);
  return <MathContext.Provider value={value}>{children}</MathContext.Provider>;
}

/** The TeX renderer, asking for it to be loaded when `needed`; null until it is there. */
export function useTex(needed: boolean): TexRenderer | null {
  const { tex, load } = useContext(MathContext);
  useEffect(() => {
    if (needed && !tex) load();
  }, [needed, tex, load]);
  return needed ? tex : null;
}

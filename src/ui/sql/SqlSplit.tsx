import { Children, useRef, type CSSProperties, type ReactNode } from 'react';
import { ResizeHandle } from '../components/ResizeHandle';
import { SPLIT_MAX, SPLIT_MIN, useSplitPercent } from '../hooks/useSplitPercent';

/** The editor's share of the editor and results heights in a tab never resized: ten lines of SQL and seven result rows at 1280×800 (a quarter showed six lines: too few to write in). */
export const EDITOR_SHARE_DEFAULT = 37;

/**
 * The SQL workbench's main column, split between the editor (the first child) and the results (the
 * last child) by a separator above the last child; what is between (the toolbar) keeps its height.
 * The split is a per-tab preference, as in SQL Lab.
 */
export function SqlSplit({ tabId, children }: { tabId: string; children: ReactNode }) {
  const main = useRef<HTMLDivElement>(null);
  const [share, setShare] = useSplitPercent(`sql.${tabId}`, EDITOR_SHARE_DEFAULT);
  const items = Children.toArray(children);
  const below = items.pop();
  // The drag's 100 % is the editor's and the results' heights together (the toolbar does not move).
  const span = () => {
    const first = main.current?.firstElementChild?.getBoundingClientRect().height ?? 0;
    const last = main.current?.lastElementChild?.getBoundingClientRect().height ?? 0;
    return first + last;
  };
  return (
    <div className="sql-main" ref={main} style={{ '--editor-share': share } as CSSProperties}>
      {items}
      <ResizeHandle label="Resize the editor and the results" value={share} onChange={setShare} span={span} min={SPLIT_MIN} max={SPLIT_MAX} step={5} />
      {below}
    </div>
  );
}

import { RequireRole } from '../layout/RequireRole';
import type { MenuEntry } from '../menu/menu';
import { PlaceholderPage } from './PlaceholderPage';

/** The page for a menu entry, behind the entry's role guard. Later issues swap in each area's screens. */
export function EntryPage({ entry }: { entry: MenuEntry }) {
  return (
    <RequireRole roles={entry.roles} area={entry.label}>
      <PlaceholderPage entry={entry} />
    </RequireRole>
  );
}

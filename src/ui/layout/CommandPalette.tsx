import { Command } from 'cmdk';
import { memo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { Role } from '../../sync/api/types';
import { Icon } from '../components/Icon';
import { useLive } from '../hooks/live';
import { usePaletteSearch } from '../hooks/usePaletteSearch';
import { catalogTargets } from './catalogTargets';
import type { PageCommands } from './pageCommands';
import { SEARCH_GROUPS, searchTargets, type SearchTarget } from './searchTargets';

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  role: Role | undefined;
  /** What the page in front offers (the notebook editor's commands), listed above the usual groups. */
  pageCommands?: PageCommands | null;
}

/**
 * Ctrl/Cmd+K: one input that finds pages, actions, notebooks and folders (cached, or the server's
 * when the cache has none), the tables and columns of the cached catalog, tables the server finds
 * when the cache has none, and saved queries.
 */
export const CommandPalette = memo(function CommandPalette({ open, onOpenChange, role, pageCommands = null }: Props) {
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  // Read only while the dialog is open: the cache can hold a big catalog.
  const cache = useLive(async (reads) => (open ? reads.catalogCache() : undefined), [open]);
  const cached = cache ? catalogTargets(cache, query) : [];
  const server = usePaletteSearch(query, { open, role, cachedTables: cached.filter((t) => t.group === 'Tables').length });
  const targets = unique([...searchTargets(role), ...cached, ...server.targets]);
  const pick = async (target: SearchTarget) => {
    onOpenChange(false);
    if (!target.prepare || (await target.prepare())) navigate(target.to);
  };
  return (
    <Command.Dialog open={open} onOpenChange={onOpenChange} label="Search the console" className="command-dialog">
      <Command.Input placeholder="Search pages, actions, notebooks, folders, DAGs, tables, columns and saved queries…" aria-label="Search the console" value={query} onValueChange={setQuery} />
      <Command.List>
        {!server.pending && <Command.Empty>Nothing matches.</Command.Empty>}
        {open && pageCommands && (
          <Command.Group heading={pageCommands.group}>
            {pageCommands.list().map((command) => (
              <Command.Item
                key={command.id}
                value={`${command.label} ${command.id}`}
                onSelect={() => {
                  onOpenChange(false);
                  command.run();
                }}
              >
                <Icon name="terminal" size={16} />
                <span className="command-label">{command.label}</span>
                {command.shortcut && <kbd className="command-hint">{command.shortcut}</kbd>}
              </Command.Item>
            ))}
          </Command.Group>
        )}
        {SEARCH_GROUPS.map((group) => (
          <Command.Group key={group} heading={group}>
            {targets
              .filter((t) => t.group === group)
              .map((t) => (
                <Command.Item key={t.id} value={`${t.label} ${t.id}`} keywords={t.keywords} onSelect={() => void pick(t)}>
                  <Icon name={t.icon} size={16} />
                  <span className="command-label">{t.label}</span>
                  <span className="command-hint">{t.hint}</span>
                </Command.Item>
              ))}
          </Command.Group>
        ))}
      </Command.List>
      {/* Outside the listbox: a listbox may hold only options and groups (axe: aria-required-children). */}
      <p className="command-loading" role="status">
        {server.pending ? 'Searching the server…' : ''}
      </p>
    </Command.Dialog>
  );
});

function unique(targets: SearchTarget[]): SearchTarget[] {
  const seen = new Set<string>();
  return targets.filter((t) => !seen.has(t.id) && seen.add(t.id));
}

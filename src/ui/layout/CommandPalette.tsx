import { Command } from 'cmdk';
import { memo, useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { Role } from '../../sync/api/types';
import { Icon } from '../components/Icon';
import { useLive } from '../hooks/live';
import { usePaletteSearch } from '../hooks/usePaletteSearch';
import { catalogTargets } from './catalogTargets';
import type { PageCommands } from './pageCommands';
import { paletteScore, rankTargets } from './paletteRank';
import { searchTargets, type SearchTarget } from './searchTargets';

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
  // Ranked here, not by cmdk: its fuzzy score and its re-sorting of late (server) answers put menu entries first.
  const groups = rankTargets(unique([...searchTargets(role), ...cached, ...server.targets]), query);
  const commands = open && pageCommands ? pageCommands.list().filter((command) => paletteScore(command.label, query, [command.id]) > 0) : [];
  // The best entry is selected (Enter opens it), also when it arrives after typing.
  const top = commands.find((command) => !command.disabled)?.id ?? groups[0]?.targets[0]?.id ?? '';
  const [selected, setSelected] = useState('');
  useEffect(() => setSelected(top), [top]);
  const pick = async (target: SearchTarget) => {
    onOpenChange(false);
    if (!target.prepare || (await target.prepare())) navigate(target.to);
  };
  return (
    <Command.Dialog open={open} onOpenChange={onOpenChange} label="Search the console" className="command-dialog" shouldFilter={false} value={selected} onValueChange={setSelected}>
      <Command.Input placeholder="Search pages, actions, notebooks, folders, DAGs, tables, columns and saved queries…" aria-label="Search the console" value={query} onValueChange={setQuery} />
      <Command.List>
        {!server.pending && <Command.Empty>Nothing matches.</Command.Empty>}
        {pageCommands && commands.length > 0 && (
          <Command.Group heading={pageCommands.group}>
            {commands.map((command) => (
              <Command.Item
                key={command.id}
                value={command.id}
                disabled={command.disabled}
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
        {groups.map(({ group, targets }) => (
          <Command.Group key={group} heading={group}>
            {targets.map((t) => (
              <Command.Item key={t.id} value={t.id} onSelect={() => void pick(t)}>
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

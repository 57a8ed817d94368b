import { Command } from 'cmdk';
import { useNavigate } from 'react-router-dom';
import type { Role } from '../../sync/api/types';
import { Icon } from '../components/Icon';
import { searchTargets } from './searchTargets';

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  role: Role | undefined;
}

/** Ctrl/Cmd+K: one input that finds pages and actions. */
export function CommandPalette({ open, onOpenChange, role }: Props) {
  const navigate = useNavigate();
  const targets = searchTargets(role);
  const groups = ['Pages', 'Create'] as const;
  return (
    <Command.Dialog open={open} onOpenChange={onOpenChange} label="Search the console" className="command-dialog">
      <Command.Input placeholder="Search pages and actions…" aria-label="Search the console" />
      <Command.List>
        <Command.Empty>Nothing matches.</Command.Empty>
        {groups.map((group) => (
          <Command.Group key={group} heading={group}>
            {targets
              .filter((t) => t.group === group)
              .map((t) => (
                <Command.Item
                  key={t.id}
                  value={`${t.label} ${t.id}`}
                  keywords={t.keywords}
                  onSelect={() => {
                    onOpenChange(false);
                    navigate(t.to);
                  }}
                >
                  <Icon name={t.icon} size={16} />
                  <span className="command-label">{t.label}</span>
                  <span className="command-hint">{t.hint}</span>
                </Command.Item>
              ))}
          </Command.Group>
        ))}
      </Command.List>
    </Command.Dialog>
  );
}

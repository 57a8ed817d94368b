import { useNavigate } from 'react-router-dom';
import type { Role } from '../../sync/api/types';
import { DropdownMenu } from '../components/DropdownMenu';
import { Icon } from '../components/Icon';
import { newItemsFor } from './newItems';

export function NewMenu({ role, onNavigate }: { role: Role | undefined; onNavigate: () => void }) {
  const navigate = useNavigate();
  const items = newItemsFor(role).map((item) => ({
    label: item.label,
    icon: <Icon name={item.icon} size={16} />,
    onSelect: () => {
      onNavigate();
      navigate(item.to);
    },
  }));
  return (
    <DropdownMenu
      label="New"
      className="new-menu"
      trigger={
        <span className="menu-link new-button">
          <Icon name="plus" />
          <span className="menu-label">New</span>
        </span>
      }
      items={items}
    />
  );
}

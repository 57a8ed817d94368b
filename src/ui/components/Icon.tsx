import {
  Beaker, BookOpen, Box, Clock, Cpu, Database, FlaskConical, File, Folder, Home, Layers, LayoutDashboard, List, Plug, Plus,
  Search, Server, SquareTerminal, User, Workflow, type LucideIcon,
} from 'lucide-react';
import type { IconKey } from '../menu/menu';

const icons: Record<IconKey, LucideIcon> = {
  plus: Plus, folder: Folder, clock: Clock, database: Database, workflow: Workflow, cpu: Cpu,
  terminal: SquareTerminal, search: Search, layout: LayoutDashboard, plug: Plug, list: List,
  flask: FlaskConical, beaker: Beaker, layers: Layers, box: Box, server: Server, home: Home, user: User,
  notebook: BookOpen, file: File,
};

export function Icon({ name, size = 18 }: { name: IconKey; size?: number }) {
  const Component = icons[name];
  return <Component size={size} aria-hidden="true" strokeWidth={1.75} />;
}

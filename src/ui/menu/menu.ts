import type { Role } from '../../sync/api/types';

/** 'page': built; 'area': its screens arrive with a later release; 'unavailable': no page yet. */
export type EntryStatus = 'page' | 'area' | 'unavailable';

export type IconKey =
  | 'plus' | 'folder' | 'clock' | 'database' | 'workflow' | 'cpu' | 'terminal' | 'search'
  | 'layout' | 'plug' | 'list' | 'flask' | 'beaker' | 'layers' | 'box' | 'server' | 'home' | 'user'
  | 'notebook' | 'file';

export interface MenuEntry {
  id: string;
  label: string;
  /** Path under /admin, without a leading slash. */
  path: string;
  icon: IconKey;
  description: string;
  status: EntryStatus;
  /** 'button' opens a menu instead of a page (the New entry). */
  kind?: 'link' | 'button';
  /** Who sees it; absent means every role. */
  roles?: Role[];
  /** Routed but not listed in the sidebar. */
  hidden?: boolean;
  keywords?: string[];
}

export interface MenuSection {
  title: string | null;
  entries: MenuEntry[];
}

export const menu: MenuSection[] = [
  {
    title: null,
    entries: [
      { id: 'new', label: 'New', path: 'new', icon: 'plus', kind: 'button', status: 'page', description: 'Create a notebook, folder or SQL query' },
      { id: 'home', label: 'Home', path: 'default', icon: 'home', hidden: true, status: 'page', description: 'Recent items and shortcuts' },
      { id: 'workspace', label: 'Workspace', path: 'workspace', icon: 'folder', status: 'page', description: 'Notebooks, folders and files', keywords: ['notebooks', 'files'] },
      { id: 'workspace-create', label: 'Create in workspace', path: 'workspace/create', icon: 'folder', hidden: true, status: 'page', description: 'Create a notebook or folder' },
      { id: 'recent', label: 'Recent', path: 'recent', icon: 'clock', status: 'page', description: 'Everything you opened lately' },
      { id: 'catalog', label: 'Catalog', path: 'catalog', icon: 'database', status: 'page', description: 'Catalogs, schemas, tables and columns of the warehouse', keywords: ['tables', 'schemas'] },
      { id: 'workflow', label: 'Workflows', path: 'workflow', icon: 'workflow', status: 'page', description: 'Airflow DAGs, runs, task instances and logs', keywords: ['dags', 'airflow'] },
      { id: 'workflow-detail', label: 'Workflow', path: 'workflow/:id', icon: 'workflow', hidden: true, status: 'page', description: 'One DAG: runs, tasks, logs and source' },
      { id: 'compute', label: 'Compute', path: 'compute', icon: 'cpu', status: 'unavailable', description: 'Clusters and notebook servers' },
    ],
  },
  {
    title: 'SQL',
    entries: [
      { id: 'sql', label: 'SQL Editor', path: 'sql', icon: 'terminal', roles: ['admin'], status: 'page', description: 'Write, run and format SQL against the warehouse', keywords: ['query', 'sql lab'] },
      { id: 'queries', label: 'Queries', path: 'queries', icon: 'search', roles: ['admin'], status: 'page', description: 'Saved queries' },
      { id: 'dashboard', label: 'Dashboards', path: 'dashboard', icon: 'layout', status: 'area', description: 'Charts and dashboards over the warehouse' },
    ],
  },
  {
    title: 'DATA ENGINEERING',
    entries: [
      { id: 'job-runs', label: 'Job Runs', path: 'job-runs', icon: 'list', status: 'unavailable', description: 'Runs of scheduled jobs' },
      { id: 'connectors', label: 'Connectors', path: 'connectors', icon: 'plug', status: 'area', description: 'Connections to databases and services' },
    ],
  },
  {
    title: 'MACHINE LEARNING',
    entries: [
      { id: 'playground', label: 'Play Ground', path: 'playground', icon: 'flask', status: 'unavailable', description: 'Try models on your own prompts and data' },
      { id: 'experiments', label: 'Experiments', path: 'experiments', icon: 'beaker', status: 'unavailable', description: 'Tracked training runs and metrics' },
      { id: 'features', label: 'Features', path: 'features', icon: 'layers', status: 'unavailable', description: 'Feature tables for training and serving' },
      { id: 'models', label: 'Models', path: 'models', icon: 'box', status: 'unavailable', description: 'Registered models and versions' },
      { id: 'serving', label: 'Serving', path: 'serving', icon: 'server', status: 'unavailable', description: 'Model serving endpoints' },
    ],
  },
];

export function canSee(entry: Pick<MenuEntry, 'roles'>, role: Role | undefined): boolean {
  return !entry.roles || (role !== undefined && entry.roles.includes(role));
}

/** The sidebar for a role: hidden entries and entries of other roles removed, empty sections dropped. */
export function visibleMenu(sections: MenuSection[], role: Role | undefined): MenuSection[] {
  return sections
    .map((s) => ({ ...s, entries: s.entries.filter((e) => !e.hidden && canSee(e, role)) }))
    .filter((s) => s.entries.length > 0);
}

/** Every routed entry (hidden ones included), for the router and the search dialog. */
export function allEntries(sections: MenuSection[] = menu): MenuEntry[] {
  return sections.flatMap((s) => s.entries);
}

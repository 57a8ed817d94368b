import { ChevronRight } from 'lucide-react';
import { Link } from 'react-router-dom';
import { useFolderDrop, type FolderDrop } from './dragItems';
import { folderUrl } from './names';

interface Crumb {
  name: string;
  path: string;
}

/** Workspace › a › b for a folder path, root first. */
export function crumbsOf(folder: string): Crumb[] {
  const parts = folder ? folder.split('/') : [];
  return [{ name: 'Workspace', path: '' }, ...parts.map((name, i) => ({ name, path: parts.slice(0, i + 1).join('/') }))];
}

function CrumbLink({ crumb, first, current, drop }: { crumb: Crumb; first: boolean; current: boolean; drop: FolderDrop }) {
  const { over, props } = useFolderDrop(crumb.path, drop);
  return (
    <li className="crumb" data-drop-target={over || undefined} {...props}>
      {!first && <ChevronRight className="crumb-sep" size={14} aria-hidden="true" />}
      <Link to={folderUrl(crumb.path)} aria-current={current ? 'page' : undefined}>
        {crumb.name}
      </Link>
    </li>
  );
}

/** The path bar: each crumb opens its folder, and takes items (and files) dropped on it. */
export function Breadcrumbs({ folder, drop }: { folder: string; drop: FolderDrop }) {
  const crumbs = crumbsOf(folder);
  return (
    <nav aria-label="Folder" className="breadcrumb">
      <ol>
        {crumbs.map((crumb, i) => (
          <CrumbLink key={crumb.path} crumb={crumb} first={i === 0} current={i === crumbs.length - 1} drop={drop} />
        ))}
      </ol>
    </nav>
  );
}


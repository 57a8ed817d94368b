import type { Breadcrumb } from '../../contracts/workspace';
import { notFound } from './errors';
import { nameOf } from './paths';
import type { Workspace } from './workspace';

export const ROOT_CRUMB: Breadcrumb = { name: 'Workspace', path: '' };

/** The steps from the root to a checked path ("" is the root alone). */
export function crumbsOf(relative: string): Breadcrumb[] {
  if (relative === '') return [ROOT_CRUMB];
  const segments = relative.split('/');
  const steps = segments.map((_, index) => segments.slice(0, index + 1).join('/'));
  return [ROOT_CRUMB, ...steps.map((step) => ({ name: nameOf(step), path: step }))];
}

/** The path bar of a live item; 404 when nothing is there (a path bar must lead somewhere). */
export async function breadcrumbs(workspace: Workspace, relative: string): Promise<Breadcrumb[]> {
  if (relative !== '' && !(await workspace.find(relative))) throw notFound(`Not found: ${relative}`);
  return crumbsOf(relative);
}

/** The editor's route: /admin/workspace/notebook/<path>, each segment URL-encoded. */
export const NOTEBOOK_ROUTE = '/admin/workspace/notebook';

/** Built by notebookUrl (src/ui/workspace/names.ts), read back here. */

/** The notebook path of an editor URL's pathname ('' when it names none, null when it is not well encoded). */
export function notebookPathOf(pathname: string): string | null {
  if (!pathname.startsWith(`${NOTEBOOK_ROUTE}/`)) return '';
  try {
    return pathname.slice(NOTEBOOK_ROUTE.length + 1).split('/').map(decodeURIComponent).join('/');
  } catch {
    return null;
  }
}

import { nothingToClose, type Domain } from '../http/domain';
import { notebookRoutes } from './routes';

/**
 * The workspace half of the Notebook API (files, folders, uploads, trash). Its NotebookService
 * is one of the shared services (createServices): the idempotency store and tests reach it too.
 */
export function openNotebook(): Domain {
  return { routes: notebookRoutes, close: nothingToClose };
}

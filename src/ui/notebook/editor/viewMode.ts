import type { NotebookCommand } from './keys';

/** Keys the report view answers: moving, running, saving, the kernel (nothing that edits cells). */
const REPORT_KEYS: ReadonlySet<NotebookCommand> = new Set<NotebookCommand>(['selectUp', 'selectDown', 'run', 'save', 'interrupt', 'restart']);

export function answersInReport(command: NotebookCommand): boolean {
  return REPORT_KEYS.has(command);
}

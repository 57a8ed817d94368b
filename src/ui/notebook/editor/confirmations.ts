import type { ConfirmQuestion } from '../../components/ConfirmDialog';
import type { NotebookCommand } from './keys';

/**
 * The kernel commands that lose the kernel's variables ask first, in JupyterLab's words; the
 * others (and those asked already) run at once.
 */
export function confirmationFor(command: NotebookCommand, notebook: string): ConfirmQuestion | null {
  if (command === 'restart') {
    return { title: 'Restart Kernel?', text: `Do you want to restart the kernel of ${notebook}? All variables will be lost.`, confirm: 'Restart' };
  }
  if (command === 'restartAndRunAll') {
    return {
      title: 'Restart Kernel?',
      text: `Do you want to restart the kernel of ${notebook} and run all cells? All variables will be lost.`,
      confirm: 'Restart and run all',
    };
  }
  if (command === 'shutdown') {
    return { title: 'Shut Down Kernel?', text: `Do you want to shut down the kernel of ${notebook}? All variables will be lost.`, confirm: 'Shut Down' };
  }
  return null;
}

/** Stopping the notebook server ends every kernel it runs, this notebook's and the others'. */
export const STOP_SERVER_QUESTION: ConfirmQuestion = {
  title: 'Stop Server?',
  text: 'Do you want to stop the notebook server? Every kernel it runs is shut down, and all their variables will be lost.',
  confirm: 'Stop server',
};

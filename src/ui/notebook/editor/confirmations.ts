import type { ConfirmQuestion } from '../../components/ConfirmDialog';

/** Stopping the notebook server ends every kernel it runs, this notebook's and the others'. */
export const STOP_SERVER_QUESTION: ConfirmQuestion = {
  title: 'Stop Server?',
  text: 'Do you want to stop the notebook server? Every kernel it runs is shut down, and all their variables will be lost.',
  confirm: 'Stop server',
};

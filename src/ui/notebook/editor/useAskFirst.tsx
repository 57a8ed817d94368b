import { useState, type ReactNode } from 'react';
import { ConfirmDialog, type ConfirmQuestion } from '../../components/ConfirmDialog';
import { confirmationFor } from './confirmations';
import type { NotebookCommand } from './keys';

type Perform = (command: NotebookCommand, at?: { text: string; offset: number }) => Promise<void> | void;

/**
 * Commands that lose the kernel's variables (restart, restart and run all, shut down) wait for
 * the user's yes in a dialog, whichever way they came (toolbar, 0 0, palette); others run at once.
 */
export function useAskFirst(perform: Perform, notebook: string): { request: Perform; dialog: ReactNode } {
  const [asking, setAsking] = useState<{ command: NotebookCommand; question: ConfirmQuestion } | null>(null);
  const request: Perform = (command, at) => {
    const question = confirmationFor(command, notebook);
    if (question) setAsking({ command, question });
    else void perform(command, at);
  };
  const dialog = asking && (
    <ConfirmDialog
      question={asking.question}
      onCancel={() => setAsking(null)}
      onConfirm={() => {
        setAsking(null);
        void perform(asking.command);
      }}
    />
  );
  return { request, dialog };
}

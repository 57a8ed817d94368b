import { describe, expect, it } from 'vitest';
import { confirmationFor } from './confirmations';

describe('kernel confirmations', () => {
  it('restart, restart and run all, and shut down ask first, naming the notebook', () => {
    expect(confirmationFor('restart', 'sales.ipynb')).toEqual({
      title: 'Restart Kernel?',
      text: 'Do you want to restart the kernel of sales.ipynb? All variables will be lost.',
      confirm: 'Restart',
    });
    expect(confirmationFor('restartAndRunAll', 'sales.ipynb')?.text).toContain('and run all cells');
    expect(confirmationFor('shutdown', 'sales.ipynb')).toMatchObject({ title: 'Shut Down Kernel?', confirm: 'Shut Down' });
  });

  it('other commands run at once', () => {
    for (const command of ['interrupt', 'run', 'runAll', 'delete', 'cut'] as const) expect(confirmationFor(command, 'a.ipynb')).toBeNull();
  });
});

import { useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import type { KernelSpecList } from '../../../../contracts/kernels';
import type { Kernels } from '../../../commands/kernels';
import type { NotebookRun, RunView } from '../../../commands/notebookRun';
import type { EditableType } from '../../../notebook/edits';
import type { NotebookCommand } from './keys';

export interface EditorToolbarProps {
  kernels: Kernels | null;
  run: NotebookRun | null;
  view: RunView | null;
  activeType: EditableType | null;
  perform: (command: NotebookCommand) => void;
  move: (by: -1 | 1) => void;
  restartAndRunAll: () => void;
  undo: () => void;
  redo: () => void;
}

const TYPE_COMMANDS: Record<string, NotebookCommand> = { code: 'toCode', markdown: 'toMarkdown', raw: 'toRaw' };

function ServerControls({ kernels }: { kernels: Kernels }) {
  const state = useSelector(kernels.server, (snapshot) => String(typeof snapshot.value === 'string' ? snapshot.value : Object.keys(snapshot.value)[0]));
  const running = state === 'running';
  return (
    <span className="nb-server" data-testid="server-status" data-state={state}>
      Server: {state}
      <button type="button" className="button" onClick={() => kernels.server.send({ type: running ? 'STOP' : 'START' })} disabled={state === 'starting' || state === 'stopping'}>
        {running ? 'Stop server' : 'Start server'}
      </button>
    </span>
  );
}

function KernelPicker({ kernels, run }: { kernels: Kernels; run: NotebookRun }) {
  const [specs, setSpecs] = useState<KernelSpecList | null>(null);
  useEffect(() => {
    let current = true;
    kernels.kernelspecs().then(
      (list) => current && setSpecs(list),
      () => {}, // offline: the picker stays empty, a run says the kernel is unreachable
    );
    return () => {
      current = false;
    };
  }, [kernels]);
  if (!specs) return null;
  return (
    <select aria-label="Kernel" className="select" defaultValue="" onChange={(event) => event.target.value && run.start(event.target.value)}>
      <option value="">Start kernel…</option>
      {specs.kernelspecs.map((spec) => (
        <option key={spec.name} value={spec.name} title={spec.banner}>
          {spec.display_name}
        </option>
      ))}
    </select>
  );
}

/** The notebook's toolbar: document operations, runs, the kernel and the notebook server. */
export function EditorToolbar({ kernels, run, view, activeType, perform, move, restartAndRunAll, undo, redo }: EditorToolbarProps) {
  const button = (label: string, action: () => void, disabled = false) => (
    <button type="button" className="button" onClick={action} disabled={disabled}>
      {label}
    </button>
  );
  const noKernel = !run || !view || ['none', 'shutDown'].includes(view.kernel.state);
  return (
    <div className="nb-toolbar" role="toolbar" aria-label="Notebook">
      {button('Save', () => perform('save'))}
      {button('Insert', () => perform('insertBelow'))}
      {button('Cut', () => perform('cut'))}
      {button('Copy', () => perform('copy'))}
      {button('Paste', () => perform('pasteBelow'))}
      {button('Move up', () => move(-1))}
      {button('Move down', () => move(1))}
      {button('Undo', undo)}
      {button('Redo', redo)}
      {button('Run', () => perform('runAndSelectNext'), !run)}
      {button('Interrupt', () => run?.interrupt(), noKernel)}
      {button('Restart', () => run?.restart(), noKernel)}
      {button('Restart & run all', restartAndRunAll, noKernel)}
      {button('Shut down', () => run?.shutdown(), noKernel)}
      <select aria-label="Cell type" className="select" value={activeType === 'sql' ? 'code' : (activeType ?? 'code')} onChange={(event) => perform(TYPE_COMMANDS[event.target.value])}>
        <option value="code">Code</option>
        <option value="markdown">Markdown</option>
        <option value="raw">Raw</option>
      </select>
      {kernels && run && <KernelPicker kernels={kernels} run={run} />}
      <span className="nb-kernel-status" data-testid="kernel-status" data-state={view?.kernel.state ?? 'none'}>
        Kernel: {view?.kernel.name ?? 'none'} ({view?.kernel.state ?? 'none'})
      </span>
      {kernels && <ServerControls kernels={kernels} />}
    </div>
  );
}

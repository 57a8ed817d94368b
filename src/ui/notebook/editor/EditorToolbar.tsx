import { useSelector } from '@xstate/react';
import {
  ArrowDown, ArrowUp, ClipboardPaste, Copy, CopyPlus, Eraser, FastForward, Play, Plus, Power, Redo2, RotateCw, Save, Scissors, Square, Undo2,
  type LucideIcon,
} from 'lucide-react';
import { useEffect, useState } from 'react';
import type { KernelSpecList } from '../../../../contracts/kernels';
import type { Kernels } from '../../../commands/kernels';
import type { NotebookRun, RunView } from '../../../commands/notebookRun';
import type { EditableType } from '../../../notebook/edits';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { STOP_SERVER_QUESTION } from './confirmations';
import type { NotebookCommand } from './keys';

export interface EditorToolbarProps {
  kernels: Kernels | null;
  run: NotebookRun | null;
  view: RunView | null;
  activeType: EditableType | null;
  perform: (command: NotebookCommand) => void;
}

const TYPE_COMMANDS: Record<EditableType, NotebookCommand> = { code: 'toCode', markdown: 'toMarkdown', raw: 'toRaw', sql: 'toSql' };

/** The kernel's states as people read them. */
const KERNEL_WORDS: Record<string, string> = {
  none: 'No kernel',
  starting: 'Starting…',
  idle: 'Idle',
  busy: 'Busy',
  interrupting: 'Interrupting…',
  restarting: 'Restarting…',
  dead: 'Dead',
  shuttingDown: 'Shutting down…',
  shutDown: 'No kernel',
};

function ServerControls({ kernels }: { kernels: Kernels }) {
  const state = useSelector(kernels.server, (snapshot) => String(typeof snapshot.value === 'string' ? snapshot.value : Object.keys(snapshot.value)[0]));
  const running = state === 'running';
  const [asking, setAsking] = useState(false);
  return (
    <span className="nb-server" data-testid="server-status" data-state={state}>
      <span className="nb-dot" aria-hidden="true" />
      Server: {state}
      <button type="button" className="button" onClick={() => (running ? setAsking(true) : kernels.server.send({ type: 'START' }))} disabled={state === 'starting' || state === 'stopping'}>
        {running ? 'Stop server' : 'Start server'}
      </button>
      {asking && (
        <ConfirmDialog
          question={STOP_SERVER_QUESTION}
          onCancel={() => setAsking(false)}
          onConfirm={() => {
            setAsking(false);
            kernels.server.send({ type: 'STOP' });
          }}
        />
      )}
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
    <select aria-label="Kernel" className="nb-select" value="" onChange={(event) => event.target.value && run.start(event.target.value)}>
      <option value="">Start kernel…</option>
      {specs.kernelspecs.map((spec) => (
        <option key={spec.name} value={spec.name} title={spec.banner}>
          {spec.display_name}
        </option>
      ))}
    </select>
  );
}

/** The notebook's toolbar: icon buttons named for screen readers and tooltips, grouped as JupyterLab groups them. */
export function EditorToolbar({ kernels, run, view, activeType, perform }: EditorToolbarProps) {
  const noKernel = !run || !view || ['none', 'shutDown'].includes(view.kernel.state);
  const tool = (label: string, keys: string, icon: LucideIcon, command: NotebookCommand, disabled = false) => {
    const Glyph = icon;
    return (
      <button type="button" className="icon-button nb-tool" aria-label={label} title={keys ? `${label} (${keys})` : label} onClick={() => perform(command)} disabled={disabled}>
        <Glyph size={16} aria-hidden="true" strokeWidth={1.75} />
      </button>
    );
  };
  const kernelState = view?.kernel.state ?? 'none';
  return (
    <div className="nb-toolbar" role="toolbar" aria-label="Notebook">
      <span className="nb-tools">
        {tool('Save', 'Ctrl+S', Save, 'save')}
        <span className="nb-sep" aria-hidden="true" />
        {tool('Insert', 'B', Plus, 'insertBelow')}
        {tool('Cut', 'X', Scissors, 'cut')}
        {tool('Copy', 'C', Copy, 'copy')}
        {tool('Paste', 'V', ClipboardPaste, 'pasteBelow')}
        {tool('Duplicate', '', CopyPlus, 'duplicate')}
        {tool('Move up', '', ArrowUp, 'moveUp')}
        {tool('Move down', '', ArrowDown, 'moveDown')}
        {tool('Undo', 'Z', Undo2, 'undo')}
        {tool('Redo', 'Shift+Z', Redo2, 'redo')}
        <span className="nb-sep" aria-hidden="true" />
        {tool('Run', 'Shift+Enter', Play, 'runAndSelectNext', !run)}
        {tool('Interrupt', 'I I', Square, 'interrupt', noKernel)}
        {tool('Restart', '0 0', RotateCw, 'restart', noKernel)}
        {tool('Restart & run all', '', FastForward, 'restartAndRunAll', noKernel)}
        {tool('Shut down', '', Power, 'shutdown', noKernel)}
        {tool('Clear all outputs', '', Eraser, 'clearOutputs')}
        <select aria-label="Cell type" className="nb-select" value={activeType ?? 'code'} onChange={(event) => perform(TYPE_COMMANDS[event.target.value as EditableType])}>
          <option value="code">Code</option>
          <option value="sql">SQL</option>
          <option value="markdown">Markdown</option>
          <option value="raw">Raw</option>
        </select>
      </span>
      <span className="nb-status">
        {kernels && run && <KernelPicker kernels={kernels} run={run} />}
        <span className="nb-kernel-status" data-testid="kernel-status" data-state={kernelState} role="status">
          <span className="nb-dot" aria-hidden="true" />
          {view?.kernel.name && !['none', 'shutDown'].includes(kernelState) ? `${view.kernel.name}: ${KERNEL_WORDS[kernelState] ?? kernelState}` : 'No kernel'}
        </span>
        {kernels && <ServerControls kernels={kernels} />}
      </span>
    </div>
  );
}

import { useSelector } from '@xstate/react';
import {
  ArrowDown, ArrowUp, ClipboardPaste, Copy, CopyPlus, Eraser, FastForward, Play, Plus, Power, Redo2, RotateCw, Save, Scissors, Square, Undo2,
  type LucideIcon,
} from 'lucide-react';
import { useEffect, useState, useSyncExternalStore } from 'react';
import type { KernelSpecList } from '../../../../contracts/kernels';
import type { Kernels } from '../../../commands/kernels/kernels';
import type { NotebookRun, RunView } from '../../../commands/notebook/run';
import type { EditableType } from '../../../model/notebookDoc/edits';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { STOP_SERVER_QUESTION } from './confirmations';
import { shortcutOf } from '../../../commands/notebook/registry/keymap';
import { notebookCommand, type NotebookCommandId } from '../../../commands/notebook/registry/registry';

export interface EditorToolbarProps {
  kernels: Kernels | null;
  run: NotebookRun | null;
  view: RunView | null;
  activeType: EditableType | null;
  perform: (command: NotebookCommandId) => void;
  /** Whether the registry's command can act now. */
  enabled: (command: NotebookCommandId) => boolean;
}

const TYPE_COMMANDS: Record<EditableType, NotebookCommandId> = { code: 'toCode', markdown: 'toMarkdown', raw: 'toRaw', sql: 'toSql' };

/** The toolbar's buttons, grouped as JupyterLab groups them: which registry commands, with which icon (their names, keys and state are the registry's). */
export const TOOLBAR: readonly (readonly [NotebookCommandId, LucideIcon])[][] = [
  [['save', Save]],
  [
    ['insertBelow', Plus],
    ['cut', Scissors],
    ['copy', Copy],
    ['pasteBelow', ClipboardPaste],
    ['duplicate', CopyPlus],
    ['moveUp', ArrowUp],
    ['moveDown', ArrowDown],
    ['undo', Undo2],
    ['redo', Redo2],
  ],
  [
    ['runAndSelectNext', Play],
    ['interrupt', Square],
    ['restart', RotateCw],
    ['restartAndRunAll', FastForward],
    ['shutdown', Power],
    ['clearOutputs', Eraser],
  ],
];

/** One button: the registry's toolbar name, its first key as a tooltip hint. */
function Tool({ id, icon: Glyph, perform, enabled }: { id: NotebookCommandId; icon: LucideIcon; perform: (id: NotebookCommandId) => void; enabled: boolean }) {
  const spec = notebookCommand(id);
  const label = spec.tool ?? spec.label;
  const keys = shortcutOf(id);
  return (
    <button type="button" className="icon-button nb-tool" aria-label={label} title={keys ? `${label} (${keys})` : label} onClick={() => perform(id)} disabled={!enabled}>
      <Glyph size={16} aria-hidden="true" strokeWidth={1.75} />
    </button>
  );
}

function Tools({ activeType, perform, enabled }: Pick<EditorToolbarProps, 'activeType' | 'perform' | 'enabled'>) {
  return (
    <span className="nb-tools">
      {TOOLBAR.map((group, i) => [
        i > 0 && <span key={`sep${i}`} className="nb-sep" aria-hidden="true" />,
        ...group.map(([id, icon]) => <Tool key={id} id={id} icon={icon} perform={perform} enabled={enabled(id)} />),
      ])}
      <select aria-label="Cell type" className="nb-select" value={activeType ?? 'code'} onChange={(event) => perform(TYPE_COMMANDS[event.target.value as EditableType])}>
        <option value="code">Code</option>
        <option value="sql">SQL</option>
        <option value="markdown">Markdown</option>
        <option value="raw">Raw</option>
      </select>
    </span>
  );
}

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

/** The user's personal notebook server (a Jupyter Server): nothing when there is none (the embedded Pyodide kernels). */
function ServerControls({ kernels, connected }: { kernels: Kernels; connected: boolean }) {
  const machineState = useSelector(kernels.server, (snapshot) => String(typeof snapshot.value === 'string' ? snapshot.value : Object.keys(snapshot.value)[0]));
  const provider = useSelector(kernels.server, (snapshot) => snapshot.context.server?.provider ?? null);
  // A slow start (a JupyterHub spawn) says how it goes: "Preparing ann's server (1/3)", 30%.
  const progress = useSelector(kernels.server, (snapshot) => {
    const server = snapshot.context.server;
    return snapshot.matches('starting') && server?.status === 'starting' && server.message ? `${server.message}${server.progress === undefined ? '' : ` (${server.progress}%)`}` : null;
  });
  const [asking, setAsking] = useState(false);
  if (provider !== 'jupyter') return null;
  // Unreachable: what it was is no longer known (JupyterLab shows "Connecting").
  const state = connected ? machineState : 'disconnected';
  const running = state === 'running';
  return (
    <span className="nb-server" data-testid="server-status" data-state={state}>
      <span className="nb-dot" aria-hidden="true" />
      Server: {state}
      {progress && (
        <span className="nb-server-progress" data-testid="server-progress" role="status">
          {progress}
        </span>
      )}
      <button type="button" className="button" onClick={() => (running ? setAsking(true) : kernels.server.send({ type: 'START' }))} disabled={!connected || state === 'starting' || state === 'stopping'}>
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

function useKernelSpecs(kernels: Kernels | null): KernelSpecList | null {
  const [specs, setSpecs] = useState<KernelSpecList | null>(null);
  useEffect(() => {
    if (!kernels) return;
    let current = true;
    kernels.kernelspecs().then(
      (list) => current && setSpecs(list),
      () => {}, // offline: the picker stays empty, a run says the kernel is unreachable
    );
    return () => {
      current = false;
    };
  }, [kernels]);
  return specs;
}

/**
 * Which kernel runs the notebook: "Start kernel…" and the kernels there are while none runs; the
 * running one's name while it runs (shut it down to pick another).
 */
function KernelPicker({ specs, run, running }: { specs: KernelSpecList; run: NotebookRun; running: string | null }) {
  return (
    <select aria-label="Kernel" className="nb-select" value={running ?? ''} onChange={(event) => event.target.value && run.start(event.target.value)} title={running ? 'Shut the kernel down to pick another' : undefined}>
      {!running && <option value="">Start kernel…</option>}
      {running && !specs.kernelspecs.some((spec) => spec.name === running) && <option value={running}>{running}</option>}
      {specs.kernelspecs.map((spec) => (
        <option key={spec.name} value={spec.name} title={spec.banner} disabled={!!running && spec.name !== running}>
          {spec.display_name}
        </option>
      ))}
    </select>
  );
}

/** The kernel's state word, or what it is while the console server cannot be reached. */
function kernelText(view: RunView | null, connected: boolean, specs: KernelSpecList | null): { state: string; text: string } {
  const state = view?.kernel.state ?? 'none';
  const name = view?.kernel.name;
  if (!name || ['none', 'shutDown'].includes(state)) return { state, text: 'No kernel' };
  if (!connected) return { state: 'unknown', text: 'Kernel: Unknown (console server unreachable)' };
  // With the picker showing which kernel runs, the state alone; without it (no specs), the kernel's name too.
  const word = KERNEL_WORDS[state] ?? state;
  return { state, text: specs ? word : `${name}: ${word}` };
}

/** Whether the console server's event stream is open (true until it is known to have dropped). */
function useConnected(kernels: Kernels | null): boolean {
  return useSyncExternalStore(
    (listener) => kernels?.watchConnection(listener) ?? (() => {}),
    () => kernels?.connected() ?? true,
  );
}

/** The notebook's toolbar: icon buttons named for screen readers and tooltips, grouped as JupyterLab groups them. */
export function EditorToolbar({ kernels, run, view, activeType, perform, enabled }: EditorToolbarProps) {
  const specs = useKernelSpecs(kernels);
  const connected = useConnected(kernels);
  const status = kernelText(view, connected, specs);
  const running = view?.kernel.name && !['none', 'shutDown', 'starting'].includes(view.kernel.state) ? view.kernel.name : null;
  return (
    <div className="nb-toolbar" role="toolbar" aria-label="Notebook">
      <Tools activeType={activeType} perform={perform} enabled={enabled} />
      <span className="nb-status">
        {specs && run && <KernelPicker specs={specs} run={run} running={running} />}
        <span className="nb-kernel-status" data-testid="kernel-status" data-state={status.state} role="status">
          <span className="nb-dot" aria-hidden="true" />
          {status.text}
        </span>
        {kernels && <ServerControls kernels={kernels} connected={connected} />}
      </span>
    </div>
  );
}

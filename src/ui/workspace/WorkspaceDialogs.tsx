import type { WorkspaceItem } from '../../model/workspace/view';
import { NameDialog } from '../components/NameDialog';
import { ConfirmPurge } from './ConfirmPurge';
import { MoveDialog } from './MoveDialog';
import { joinPath, nameProblem, newNotebookName, normalizeName, untitledFolderName } from './names';

export type Dialog =
  | { kind: 'folder' }
  | { kind: 'notebook' }
  | { kind: 'rename'; item: WorkspaceItem }
  | { kind: 'move'; paths: string[] }
  | { kind: 'purge'; item: WorkspaceItem }
  | null;

export interface DialogCommands {
  createFolder: (path: string) => void;
  createNotebook: (path: string) => void;
  rename: (item: WorkspaceItem, path: string) => void;
  move: (paths: string[], folder: string) => void;
  purge: (item: WorkspaceItem) => void;
}

interface Props {
  dialog: NonNullable<Dialog>;
  /** The folder shown: where new items go. */
  folder: string;
  items: readonly WorkspaceItem[];
  commands: DialogCommands;
  onClose: () => void;
}

/** The page's modal dialogs: name a new item or a renamed one, pick a folder to move to, confirm a permanent delete. */
export function WorkspaceDialogs({ dialog, folder, items, commands, onClose }: Props) {
  const done = (act: () => void) => {
    onClose();
    act();
  };
  if (dialog.kind === 'move') return <MoveDialog paths={dialog.paths} items={items} onCancel={onClose} onMove={(to) => done(() => commands.move(dialog.paths, to))} />;
  if (dialog.kind === 'purge') return <ConfirmPurge name={dialog.item.name} onCancel={onClose} onConfirm={() => done(() => commands.purge(dialog.item))} />;

  // A renamed item stays in its own folder (it may come from a search over the whole workspace).
  const parent = dialog.kind === 'rename' ? dialog.item.parentPath : folder;
  const taken = (name: string) => items.some((item) => item.parentPath === parent && item.name === name && !item.isDeleted);
  const isFolder = dialog.kind === 'folder' || (dialog.kind === 'rename' && dialog.item.type === 'folder');
  const submit = (typed: string) => {
    // The server stores names in NFC; sending that form keeps the local copy under the same path.
    const path = joinPath(parent, normalizeName(typed));
    done(() => {
      if (dialog.kind === 'folder') commands.createFolder(path);
      else if (dialog.kind === 'notebook') commands.createNotebook(path);
      else commands.rename(dialog.item, path);
    });
  };
  const initial = dialog.kind === 'rename' ? dialog.item.name : dialog.kind === 'folder' ? untitledFolderName(taken) : newNotebookName(items, folder);
  return (
    <NameDialog
      title={dialog.kind === 'rename' ? `Rename ${dialog.item.name}` : dialog.kind === 'folder' ? 'New folder' : 'New notebook'}
      label="Name"
      confirm={dialog.kind === 'rename' ? 'Rename' : 'Create'}
      initial={initial}
      validate={(name) => (dialog.kind === 'rename' && name === dialog.item.name ? 'Enter a new name.' : nameProblem(name, isFolder ? 'folder' : 'notebook', taken))}
      onSubmit={submit}
      onCancel={onClose}
    />
  );
}

import { useState, type DragEvent } from 'react';
import { carriesFiles } from './browserFiles';
import { parentOf } from './names';

/** Workspace items dragged within the page carry their paths under this type (files from the computer carry "Files"). */
const ITEMS_TYPE = 'application/x-console-workspace-paths';

export function carriesItems(event: DragEvent): boolean {
  return event.dataTransfer.types.includes(ITEMS_TYPE);
}

export function startItemDrag(event: DragEvent, paths: string[]): void {
  event.dataTransfer.setData(ITEMS_TYPE, JSON.stringify(paths));
  event.dataTransfer.setData('text/plain', paths.join('\n'));
  event.dataTransfer.effectAllowed = 'move';
}

/** The paths a drop carries; [] for anything that is not a list of strings. */
export function draggedPaths(event: DragEvent): string[] {
  try {
    const value: unknown = JSON.parse(event.dataTransfer.getData(ITEMS_TYPE));
    return Array.isArray(value) && value.every((p) => typeof p === 'string') ? value : [];
  } catch {
    return [];
  }
}

export interface FolderDrop {
  /** Items dropped here move into the folder. */
  onMove: (paths: string[], folder: string) => void;
  /** Files from the computer dropped here are imported into the folder. */
  onFiles?: (folder: string, files: File[]) => void;
}

/** A folder (a row or a crumb) as a drop target: highlighted while something it takes is over it. */
export function useFolderDrop(folder: string, { onMove, onFiles }: FolderDrop) {
  const [over, setOver] = useState(false);
  const takes = (event: DragEvent) => carriesItems(event) || (onFiles !== undefined && carriesFiles(event));
  const props = {
    onDragOver: (event: DragEvent) => {
      if (!takes(event)) return;
      event.preventDefault();
      event.stopPropagation();
      event.dataTransfer.dropEffect = carriesItems(event) ? 'move' : 'copy';
      setOver(true);
    },
    onDragLeave: (event: DragEvent) => {
      if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOver(false);
    },
    onDrop: (event: DragEvent) => {
      if (!takes(event)) return;
      event.preventDefault();
      event.stopPropagation();
      setOver(false);
      if (carriesFiles(event)) onFiles?.(folder, [...event.dataTransfer.files]);
      // A folder dropped on itself, or items on the folder they are in, is a slip of the hand, not a move.
      const paths = draggedPaths(event).filter((path) => path !== folder && parentOf(path) !== folder);
      if (paths.length > 0) onMove(paths, folder);
    },
  };
  return { over, props };
}

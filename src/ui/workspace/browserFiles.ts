import type { DragEvent } from 'react';

/** Whether a drag carries files from the computer (not text or a link dragged within the page). */
export function carriesFiles(event: DragEvent): boolean {
  return event.dataTransfer.types.includes('Files');
}

/** Saves text as a file on the user's computer, under that name (the browser's download). */
export function saveAsFile(text: string, fileName: string, type = 'application/x-ipynb+json'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  // Revoked once the browser surely has read it (revoking at once can cancel the download).
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Downloads what a link points at (a zip the server streams): the browser writes it to disk as it comes. */
export function downloadLink(url: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = '';
  link.click();
}

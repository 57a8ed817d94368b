import { toast } from 'sonner';

/**
 * Writes text to the clipboard and says so briefly (`what` names it: "Cell", "The whole log");
 * true when it worked. The Clipboard API needs a secure context (https, localhost).
 */
export async function copyText(text: string, what: string): Promise<boolean> {
  try {
    if (!navigator.clipboard) throw new Error('no clipboard');
    await navigator.clipboard.writeText(text);
    toast.success('Copied', { description: what, duration: 1500 });
    return true;
  } catch {
    toast.error(`Could not copy ${what.toLowerCase()}: the browser refused access to the clipboard.`);
    return false;
  }
}

/** Saves what is already here as a file through an object URL (no server round trip). */
export function downloadFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The click starts the download asynchronously; revoking at once can cancel it in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Saves a file the server sends (Content-Disposition: attachment): the browser streams it to disk, the page never holds it. */
export function downloadFrom(url: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = '';
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}

/** Text as a file's contents, UTF-8. */
export const textBlob = (text: string, type = 'text/plain') => new Blob([text], { type: `${type};charset=utf-8` });

import { toast } from 'sonner';

/** Writes the log to the clipboard; true when it worked. The toast says so either way (the button shows it too). */
export async function copyLog(text: string): Promise<boolean> {
  try {
    if (!navigator.clipboard) throw new Error('no clipboard');
    await navigator.clipboard.writeText(text);
    toast.success('Copied', { description: 'The whole log', duration: 1500 });
    return true;
  } catch {
    toast.error('Could not copy the log: the browser refused access to the clipboard. Download it instead.');
    return false;
  }
}

/** `<fileName>.log`, unless the name already ends so. */
export function logFileName(fileName: string): string {
  const base = fileName.trim() || 'task';
  return /\.log$/i.test(base) ? base : `${base}.log`;
}

/** Saves the whole text through an object URL: the log is already here, no second download. */
export function downloadLog(fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = logFileName(fileName);
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The click starts the download asynchronously; revoking at once can cancel it in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

import { toast } from 'sonner';
import { csvBlob, csvFileName } from './csv';

/** Writes text to the clipboard and says so briefly; the Clipboard API needs a secure context (https, localhost). */
export async function copyText(text: string, what: string): Promise<void> {
  try {
    if (!navigator.clipboard) throw new Error('no clipboard');
    await navigator.clipboard.writeText(text);
    toast.success('Copied', { description: what, duration: 1500 });
  } catch {
    toast.error(`Could not copy ${what.toLowerCase()}: the browser refused access to the clipboard.`);
  }
}

/** Saves the CSV as a file through an object URL (no server round trip; the data is already here). */
export function downloadCsv(fileName: string, csv: string): void {
  const url = URL.createObjectURL(csvBlob(csv));
  const link = document.createElement('a');
  link.href = url;
  link.download = csvFileName(fileName);
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The click starts the download asynchronously; revoking at once can cancel it in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

import { DEFAULT_UPLOAD_MAX_MB, type RuntimeConfig } from '../../../contracts/config';
import { humanBytes as formatBytes } from './units';

/** The server's default when /config.json does not say (a server older than the limit). */
const DEFAULT_MAX_BYTES = DEFAULT_UPLOAD_MAX_MB * 1024 * 1024;

/** The largest file the server takes, from /config.json (uploadMaxBytes). */
export function uploadMaxBytes(config: RuntimeConfig): number {
  const value = config.uploadMaxBytes;
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : DEFAULT_MAX_BYTES;
}

export function limitText(maxBytes: number): string {
  return `Up to ${formatBytes(maxBytes)} per file`;
}

/** Splits picked files into those the server would take and those over the limit, each refused by name with the reason. */
export function checkSizes(files: readonly File[], maxBytes: number): { ok: File[]; refused: { file: string; reason: string }[] } {
  const ok: File[] = [];
  const refused: { file: string; reason: string }[] = [];
  for (const file of files) {
    if (file.size <= maxBytes) ok.push(file);
    else refused.push({ file: file.name, reason: `${formatBytes(file.size)} is over the ${formatBytes(maxBytes)} limit per file.` });
  }
  return { ok, refused };
}

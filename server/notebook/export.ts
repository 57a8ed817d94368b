import { createReadStream } from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { ZipFile } from 'yazl';
import { notFound } from './errors';
import { listFiles } from './files';
import { isWithin, nameOf } from './paths';
import type { Workspace } from './workspace';

/** The root's zip; a folder's is named after the folder. */
export const WORKSPACE_ZIP = 'workspace.zip';

/** One live item of an exported folder: its name inside the zip and where it is on disk. */
export interface ZipEntry {
  /** Relative to the exported folder, POSIX. */
  name: string;
  type: 'notebook' | 'folder';
  absolute: string;
  mtime: Date;
}

/** What GET /export sends: one notebook as it is, or a folder's live items as a zip. */
export type ExportPlan =
  | { kind: 'notebook'; filename: string; absolute: string }
  | { kind: 'zip'; filename: string; entries: ZipEntry[] };

/**
 * Decides what to export ("" is the root): only the listing is taken here; the files are read later, one at a time, while the zip streams.
 * Deleted items are in the trash, so a listing of live items never includes them.
 */
export async function planExport(workspace: Workspace, relative: string): Promise<ExportPlan> {
  const files = (await listFiles(workspace)).filter((file) => !file.isDeleted);
  const item = relative === '' ? null : files.find((file) => file.path === relative);
  if (relative !== '' && !item) throw notFound(`Not found: ${relative}`);
  const absolute = (posix: string) => path.join(workspace.root, ...posix.split('/'));
  if (item?.type === 'notebook') return { kind: 'notebook', filename: item.name, absolute: absolute(item.path) };
  const prefix = relative === '' ? '' : `${relative}/`;
  const entries = files
    .filter((file) => file.path !== relative && (relative === '' || isWithin(file.path, relative)))
    .map((file) => ({ name: file.path.slice(prefix.length), type: file.type, absolute: absolute(file.path), mtime: new Date(file.updatedAt) }));
  return { kind: 'zip', filename: relative === '' ? WORKSPACE_ZIP : `${nameOf(relative)}.zip`, entries };
}

/**
 * The zip of a plan's entries as a stream. Each notebook is opened only when the zip reaches
 * it (yazl's lazy streams), so memory stays flat whatever the folder holds; every folder is a
 * directory entry, so empty ones survive the round trip.
 */
export function zipStream(entries: ZipEntry[]): Readable {
  const zip = new ZipFile();
  const output = zip.outputStream as Readable;
  // A notebook removed while the zip streams cuts the download short (the client sees a failed
  // download, never a zip missing a file); yazl leaves a lazy stream's errors to its caller.
  const fail = (error: Error) => output.destroy(error);
  zip.on('error', fail);
  for (const entry of entries) {
    if (entry.type === 'folder') zip.addEmptyDirectory(entry.name, { mtime: entry.mtime });
    else zip.addReadStreamLazy(entry.name, { mtime: entry.mtime }, (done) => done(null, createReadStream(entry.absolute).on('error', fail)));
  }
  zip.end();
  return output;
}

/**
 * Content-Disposition for a download: a plain ASCII filename for old clients and the exact
 * name as RFC 5987 filename* (names are in any script).
 */
export function attachment(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeRfc5987(filename)}`;
}

function encodeRfc5987(text: string): string {
  return encodeURIComponent(text).replace(/['()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
}

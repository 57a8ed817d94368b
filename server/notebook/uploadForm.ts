import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { badRequest, WorkspaceError } from './errors';
import { MAX_PATH_LENGTH } from './paths';

/** The fields of POST /upload: the destination folder ("" is the root) and one file. */
export interface UploadForm {
  folder: string;
  filename: string;
  data: Buffer;
}

const NO_FORM = 'Upload as multipart/form-data with the fields file and path';
const ONE_FILE = 'Send exactly one file in the field "file"';
/** A path of MAX_PATH_LENGTH characters, each up to 4 UTF-8 bytes. */
const PATH_FIELD_BYTES = MAX_PATH_LENGTH * 4;

/**
 * Busboy's options for the upload: one file of at most `maxBytes`, a few small fields, and the
 * file name as sent (busboy would cut "../../evil.ipynb" down to "evil.ipynb"; it is refused).
 */
export function uploadOptions(maxBytes: number) {
  return { preservePath: true, limits: { fileSize: maxBytes, files: 1, fields: 4, parts: 5, fieldSize: PATH_FIELD_BYTES } };
}

export function tooLarge(limitMb: number, filename?: string): string {
  const what = filename === undefined || filename === '' ? 'The file' : `"${filename}"`;
  return `${what} is larger than the upload limit of ${limitMb} MB per file`;
}

/**
 * Reads the upload's form (registered @fastify/multipart; the file is held in memory, bounded
 * by its fileSize limit, because a notebook is stored as one string). Errors are clear 400s,
 * a file over the limit a 413 naming the file and the limit.
 */
export async function readUploadForm(request: FastifyRequest, limitMb: number): Promise<UploadForm> {
  if (!request.isMultipart()) throw badRequest(NO_FORM);
  let folder: string | undefined;
  const files: { filename: string; data: Buffer }[] = [];
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        // Read every file part, even unwanted ones: busboy waits until each is consumed.
        const data = await part.toBuffer();
        if (part.fieldname === 'file') files.push({ filename: part.filename, data });
      } else if (part.fieldname === 'path') {
        if (part.valueTruncated || folder !== undefined) throw badRequest('Send one destination folder in the field "path"');
        folder = String(part.value);
      }
    }
  } catch (error) {
    throw formError(error, limitMb);
  }
  if (files.length !== 1) throw badRequest(ONE_FILE);
  if (folder === undefined) throw badRequest('Send the destination folder in the field "path" ("" for the root)');
  return { folder: folder === '/' ? '' : folder, ...files[0] };
}

/** What identifies an upload for its Idempotency-Key: the folder, the name and the bytes. */
export function uploadDigest(form: UploadForm): string {
  const hash = createHash('sha256');
  for (const field of [form.folder, form.filename]) hash.update(`${Buffer.byteLength(field)}:${field}`);
  return hash.update(form.data).digest('hex');
}

function formError(error: unknown, limitMb: number): unknown {
  if (error instanceof WorkspaceError) return error;
  const { code, part, message } = error as { code?: unknown; part?: { filename?: string }; message?: string };
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new WorkspaceError(413, tooLarge(limitMb, part?.filename));
  if (code === 'FST_FILES_LIMIT') return badRequest(ONE_FILE);
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') return badRequest('Send only the fields file and path');
  // Busboy's framing errors ("Unexpected end of form", a missing boundary): the body is malformed.
  if (error instanceof Error) return badRequest(`Malformed multipart body: ${message}`);
  return error;
}

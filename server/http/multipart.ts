/**
 * A small multipart/form-data reader for bodies already in memory (the upload route's body is
 * bounded by its bodyLimit), written here because no multipart library is installed.
 */

export interface FormPart {
  name: string;
  /** Present for file fields (possibly ""). */
  filename?: string;
  data: Buffer;
}

export class MultipartError extends Error {}

const CRLF = Buffer.from('\r\n');
const HEADER_END = Buffer.from('\r\n\r\n');

export function boundaryOf(contentType: string): string {
  const match = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  const boundary = match?.[1] ?? match?.[2];
  if (!boundary) throw new MultipartError('multipart/form-data without a boundary');
  return boundary;
}

/** The body's parts, in order; a body that does not follow RFC 7578's framing is refused. */
export function parseMultipart(body: Buffer, boundary: string): FormPart[] {
  const opening = Buffer.from(`--${boundary}`);
  const delimiter = Buffer.concat([CRLF, opening]);
  const parts: FormPart[] = [];
  let at = body.indexOf(opening);
  if (at === -1) throw new MultipartError('The multipart body has no parts');
  for (;;) {
    at += opening.length;
    if (body.subarray(at, at + 2).toString('latin1') === '--') return parts;
    if (!body.subarray(at, at + 2).equals(CRLF)) throw new MultipartError('Malformed multipart body');
    const headerEnd = body.indexOf(HEADER_END, at + 2);
    const end = headerEnd === -1 ? -1 : body.indexOf(delimiter, headerEnd + HEADER_END.length);
    if (end === -1) throw new MultipartError('The multipart body ends inside a part');
    parts.push(partOf(body.subarray(at + 2, headerEnd).toString('utf8'), body.subarray(headerEnd + HEADER_END.length, end)));
    at = end + CRLF.length;
  }
}

function partOf(headers: string, data: Buffer): FormPart {
  const disposition = headers.split('\r\n').find((line) => /^content-disposition:/i.test(line));
  const name = disposition && quoted(disposition, 'name');
  if (name === undefined) throw new MultipartError('A multipart part has no field name');
  const filename = quoted(disposition ?? '', 'filename');
  return filename === undefined ? { name, data } : { name, filename, data };
}

/**
 * A quoted parameter of Content-Disposition, as browsers write it (WHATWG): `"`, CR and LF
 * percent-encoded, backslashes sent as they are (so taken as they are, never as escapes).
 */
function quoted(header: string, parameter: string): string | undefined {
  return new RegExp(`;\\s*${parameter}="([^"]*)"`, 'i').exec(header)?.[1];
}

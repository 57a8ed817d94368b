/** A JSON value as a notebook holds it (metadata, JSON outputs, widget state). */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

/** Mime type → content: a string or lines for text types, any JSON for JSON types. Kept as read. */
export type MimeBundle = { [mimeType: string]: Json };

export type ExecuteResult = {
  output_type: 'execute_result';
  execution_count: number | null;
  data: MimeBundle;
  metadata: JsonObject;
};
export type DisplayData = { output_type: 'display_data'; data: MimeBundle; metadata: JsonObject };
/** Stream text is one string once imported (Jupyter's arrays of lines are joined). */
export type StreamOutput = { output_type: 'stream'; name: string; text: string };
export type ErrorOutput = { output_type: 'error'; ename: string; evalue: string; traceback: string[] };
export type Output = ExecuteResult | DisplayData | StreamOutput | ErrorOutput;

/** Cell metadata: the known keys (name, tags, jupyter, …) beside anything else, kept as read. */
export type CellMetadata = JsonObject;

type CellBase = { id: string; metadata: CellMetadata; source: string };
export type CodeCell = CellBase & { cell_type: 'code'; outputs: Output[]; execution_count: number | null };
export type MarkdownCell = CellBase & { cell_type: 'markdown'; attachments?: { [name: string]: MimeBundle } };
export type RawCell = CellBase & { cell_type: 'raw'; attachments?: { [name: string]: MimeBundle } };
export type Cell = CodeCell | MarkdownCell | RawCell;
export type CellType = Cell['cell_type'];

/** An nbformat 4.5 notebook with every `source` and stream `text` as one string. */
export type Nbformat45 = {
  nbformat: 4;
  /** 5, or more for a notebook from a newer 4.x (kept, with a warning). */
  nbformat_minor: number;
  metadata: JsonObject;
  cells: Cell[];
};

export type ParseResult =
  | { ok: true; notebook: Nbformat45; warnings: string[] }
  | { ok: false; reason: string };

export type ParseOptions = {
  /** Makes a new cell id (tests pass a counter); by default 8 random hex digits, as Jupyter does. */
  newCellId?: () => string;
};

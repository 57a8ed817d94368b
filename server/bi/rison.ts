import rison from 'rison';
import { badRequest } from './errors';

/** The parts of the package's parser class that its typings leave out. */
interface RisonParser {
  message: string | null;
  errorHandler?: (message: string) => void;
  error(message: string): undefined;
  parse(text: string): unknown;
}
type RisonParserClass = new () => RisonParser;

/**
 * Decodes Superset's rison-encoded `q` (Flask-AppBuilder's convention); undefined or empty
 * means no arguments. Bad rison is the caller's fault: 400 with the parser's reason.
 */
export function decodeRison(q: string | undefined): unknown {
  if (q === undefined || q === '') return undefined;
  let failure: string | null = null;
  let value: unknown;
  try {
    const parser = new (rison as unknown as { parser: RisonParserClass }).parser();
    // The package's own error() logs every failure to the console; keep only the message.
    parser.error = function quiet(message) {
      this.message = message;
      return undefined;
    };
    parser.errorHandler = (message) => (failure = message);
    value = parser.parse(q);
  } catch (error) {
    // Some malformed inputs (e.g. "(a:") crash the parser instead of reporting.
    failure = error instanceof Error ? error.message : String(error);
  }
  if (failure !== null) throw badRequest(`Not a valid rison argument: ${failure}`);
  return value;
}

/** `q` that must be a rison object (or absent: {}). */
export function risonObject(q: string | undefined): Record<string, unknown> {
  const value = decodeRison(q);
  if (value === undefined) return {};
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw badRequest('Not a valid rison schema: q must be an object, e.g. (page:0)');
  return value as Record<string, unknown>;
}

/** `q` that must be a rison list of ids, e.g. !(1,2). */
export function risonIds(q: string | undefined): number[] {
  const value = decodeRison(q);
  if (!Array.isArray(value) || value.length === 0 || !value.every((id) => Number.isSafeInteger(id) && id > 0)) {
    throw badRequest('Not a valid rison schema: q must be a list of ids (integers from 1 to 2^53 - 1), e.g. !(1,2)');
  }
  return [...new Set(value as number[])];
}

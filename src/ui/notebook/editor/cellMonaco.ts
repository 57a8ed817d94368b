/** The SQL editor's Monaco build, plus the Python and Markdown grammars the notebook's cells need. */
import 'monaco-editor/languages/definitions/python/register';
import 'monaco-editor/languages/definitions/markdown/register';

export { monaco } from '../../sql/editor/monaco';

/** The cells' line height, shared with the plain-text cells so that mounting Monaco moves nothing. */
export const CELL_LINE_HEIGHT = 20;

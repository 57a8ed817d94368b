/**
 * Monaco with only what a SQL editor uses: the core API, the SQL grammar and the editor
 * features people reach for (suggest, find, comments, brackets, multi-cursor, context menu).
 * Importing monaco-editor's main entry would pull ~80 languages and the TypeScript worker.
 */
import * as monaco from 'monaco-editor/editor/editor.api';
import EditorWorker from 'monaco-editor/editor/editor.worker?worker';
import 'monaco-editor/languages/definitions/sql/register';
import 'monaco-editor/features/bracketMatching/register';
import 'monaco-editor/features/codicon/register';
import 'monaco-editor/features/clipboard/register';
import 'monaco-editor/features/comment/register';
import 'monaco-editor/features/contextmenu/register';
import 'monaco-editor/features/cursorUndo/register';
import 'monaco-editor/features/find/register';
import 'monaco-editor/features/folding/register';
import 'monaco-editor/features/hover/register';
import 'monaco-editor/features/linesOperations/register';
import 'monaco-editor/features/multicursor/register';
// Not features/suggest: that is only the bridge to inline completions (ghost text). The suggest
// widget, the list shown while typing and on Ctrl+Space, is this contribution.
import 'monaco-editor/editor/contrib/suggest/browser/suggestController';
import 'monaco-editor/features/wordHighlighter/register';
import 'monaco-editor/features/wordOperations/register';

// The editor worker diffs and tokenises off the main thread; Vite bundles it as its own file
// (worker-src 'self' in the CSP).
globalThis.MonacoEnvironment = { getWorker: () => new EditorWorker() };

export { monaco };

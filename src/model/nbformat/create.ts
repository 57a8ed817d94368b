import { randomCellId } from './ids';
import type { Nbformat45 } from './types';

/** A new notebook: nbformat 4.5, Python 3, one code cell with a print statement. */
export function newNotebook(newCellId: () => string = randomCellId): Nbformat45 {
  return {
    nbformat: 4,
    nbformat_minor: 5,
    metadata: {
      kernelspec: { name: 'python3', display_name: 'Python 3', language: 'python' },
      language_info: {
        name: 'python',
        codemirror_mode: { name: 'ipython', version: 3 },
        file_extension: '.py',
        mimetype: 'text/x-python',
        nbconvert_exporter: 'python',
        pygments_lexer: 'ipython3',
      },
    },
    cells: [{ id: newCellId(), cell_type: 'code', metadata: {}, source: 'print("Hello, world!")', outputs: [], execution_count: null }],
  };
}

/**
 * The name of a new notebook: "Untitled-{n}.ipynb", n one more than the number of files in the
 * folder (the seed's rule); when that name is taken (by a file or, given in `otherNames`, a folder),
 * the next free n.
 */
export function untitledName(siblingFileNames: readonly string[], otherNames: readonly string[] = []): string {
  const taken = new Set([...siblingFileNames, ...otherNames]);
  let n = siblingFileNames.length + 1;
  while (taken.has(`Untitled-${n}.ipynb`)) n++;
  return `Untitled-${n}.ipynb`;
}

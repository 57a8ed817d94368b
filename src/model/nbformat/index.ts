/** Notebook files (.ipynb): read, check, normalise to nbformat 4.5, write, create. Pure: no DOM, no I/O. */
export { parseNotebook } from './parse';
export { serializeNotebook } from './serialize';
export { newNotebook, untitledName } from './create';
export { schemaProblem } from './validate';
export type * from './types';

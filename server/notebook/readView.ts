import type { Store } from '../store/db';

/**
 * Thrown by a read view's store when a read would change a row: the rows and the disk are out
 * of step (an item copied or edited by hand, or a write half way between its disk step and its
 * commit), so the read runs again under the workspace's write lock, where it may fix them.
 */
export class NeedsLock extends Error {
  constructor() {
    super('This read must bring the rows in line with the disk: it runs again under the write lock');
  }
}

/**
 * The store as reads without the lock see it: queries pass, every change is refused. A read
 * that finds nothing to change saw rows that agree with the disk, a state some write left.
 */
export function readOnlyStore(store: Store): Store {
  const refuse = () => Promise.reject(new NeedsLock());
  return {
    file: store.file,
    dialect: store.dialect,
    all: (sql, params) => store.all(sql, params),
    run: refuse,
    transaction: refuse,
    close: refuse,
  };
}

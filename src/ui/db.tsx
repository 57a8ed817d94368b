import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { ConsoleDb } from '../db/schema';

const DbContext = createContext<ConsoleDb | null>(null);

/** Opens the console's IndexedDB database for the signed-in area and closes it when that area goes. */
export function DbProvider({ children }: { children: ReactNode }) {
  const [db] = useState(() => new ConsoleDb());
  useEffect(() => () => db.close(), [db]);
  return <DbContext.Provider value={db}>{children}</DbContext.Provider>;
}

export function useDb(): ConsoleDb {
  const db = useContext(DbContext);
  if (!db) throw new Error('useDb must be used inside <DbProvider>');
  return db;
}

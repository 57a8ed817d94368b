import { createContext, useContext, useEffect, useRef } from 'react';

/** A command the page in front offers the Ctrl+K palette (the notebook editor's "Run cell", …). */
export interface PageCommand {
  id: string;
  label: string;
  /** Its keyboard shortcut, shown as a hint. */
  shortcut?: string;
  /** Listed but greyed: it cannot act now (a kernel command with no kernel). */
  disabled?: boolean;
  run: () => void;
}

/** What a page registered: its heading in the palette and a getter read when the palette opens. */
export interface PageCommands {
  group: string;
  list: () => PageCommand[];
}

const Register = createContext<(commands: PageCommands | null) => void>(() => {});

/**
 * The layout owns the palette and provides the setter; pages offer it their commands through
 * this context while they are mounted (no global state).
 */
export const PageCommandsProvider = Register.Provider;

/** A page's commands in the palette while it is mounted; `list` is read each time the palette shows them. */
export function usePageCommands(group: string, list: () => PageCommand[]): void {
  const register = useContext(Register);
  const latest = useRef(list);
  useEffect(() => {
    latest.current = list;
  });
  useEffect(() => {
    register({ group, list: () => latest.current() });
    return () => register(null);
  }, [register, group]);
}

import { useState } from 'react';
import { EMPTY_LOG, indexLog, type LogIndex } from '../../../model/workflow/logLines';

/**
 * The line index of `text`, extended by the new part only when the text grew (a running task's
 * log), rebuilt when it was replaced. Kept in state and updated during render (React's pattern for
 * state derived from props), so the new lines show in the same render as the new text.
 */
export function useLogIndex(text: string): LogIndex {
  const [state, setState] = useState(() => ({ text, index: indexLog(EMPTY_LOG, text) }));
  if (state.text === text) return state.index;
  const next = { text, index: indexLog(state.index, text) };
  setState(next);
  return next.index;
}

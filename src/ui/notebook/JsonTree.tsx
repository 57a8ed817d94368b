import { useState } from 'react';
import type { Json } from '../../model/nbformat/types';

/** Children listed at first in one node; the rest behind a button (a 100,000-item array stays quick). */
const FIRST_CHILDREN = 100;

function preview(value: Json[] | { [key: string]: Json }): string {
  if (Array.isArray(value)) return `[${value.length} ${value.length === 1 ? 'item' : 'items'}]`;
  const count = Object.keys(value).length;
  return `{${count} ${count === 1 ? 'key' : 'keys'}}`;
}

function Leaf({ value }: { value: null | boolean | number | string }) {
  const kind = value === null ? 'null' : typeof value;
  return <span className={`nb-json-${kind}`}>{JSON.stringify(value)}</span>;
}

function Name({ name }: { name?: string }) {
  return name === undefined ? null : <span className="nb-json-key">{name}: </span>;
}

/**
 * One value: a leaf, or a container whose toggle is a button (Tab to it, Enter or Space opens it,
 * aria-expanded tells its state). Children are only rendered while open.
 */
function JsonNode({ name, value, depth }: { name?: string; value: Json; depth: number }) {
  const [open, setOpen] = useState(depth < 1);
  const [shown, setShown] = useState(FIRST_CHILDREN);
  if (value === null || typeof value !== 'object') {
    return (
      <li>
        <Name name={name} />
        <Leaf value={value} />
      </li>
    );
  }
  const entries: [string, Json][] = Array.isArray(value) ? value.map((item, i) => [String(i), item]) : Object.entries(value);
  return (
    <li>
      <button type="button" className="nb-json-toggle" aria-expanded={open} onClick={() => setOpen(!open)}>
        <span aria-hidden="true" className="nb-json-caret">
          {open ? '▾' : '▸'}
        </span>
        <Name name={name} />
        <span className="nb-json-preview">{preview(value)}</span>
      </button>
      {open && (
        <ul>
          {entries.slice(0, shown).map(([key, item]) => (
            <JsonNode key={key} name={key} value={item} depth={depth + 1} />
          ))}
          {entries.length > shown && (
            <li>
              <button type="button" className="nb-more" onClick={() => setShown(entries.length)}>
                Show {entries.length - shown} more
              </button>
            </li>
          )}
        </ul>
      )}
    </li>
  );
}

/** application/json as a collapsible tree: the top level open, everything deeper closed. */
export function JsonTree({ value }: { value: Json }) {
  return (
    <ul className="nb-json" aria-label="JSON output">
      <JsonNode value={value} depth={0} />
    </ul>
  );
}

import { useRef, type KeyboardEvent, type PointerEvent } from 'react';

export interface Bounds {
  min: number;
  max: number;
  /** What one arrow key press moves. */
  step: number;
}

/** The value after a key press on the handle (null: not a key of the handle). Arrows step, Home and End go to the ends. */
export function keyedValue(key: string, value: number, { min, max, step }: Bounds): number | null {
  const next = { ArrowUp: value - step, ArrowDown: value + step, PageUp: value - 4 * step, PageDown: value + 4 * step, Home: min, End: max }[key];
  return next === undefined ? null : Math.min(max, Math.max(min, next));
}

/** The value after dragging `dy` px from where the drag started, when the value's full range (0–100) spans `span` px. */
export function draggedValue(start: number, dy: number, span: number, { min, max }: Pick<Bounds, 'min' | 'max'>): number {
  const next = span > 0 ? start + (dy / span) * 100 : start;
  return Math.min(max, Math.max(min, next));
}

export interface ResizeHandleProps extends Bounds {
  label: string;
  /** The size (0–100) of the area above the handle. */
  value: number;
  onChange: (value: number) => void;
  /** The pixels that 100 stands for, measured when a drag starts. */
  span: () => number;
}

/**
 * A horizontal separator between two stacked areas: drag it with the mouse (or a finger), or focus
 * it and use the arrow keys, Page Up/Down, Home and End (the ARIA window splitter pattern).
 */
export function ResizeHandle({ label, value, onChange, span, min, max, step }: ResizeHandleProps) {
  const drag = useRef<{ y: number; value: number; span: number } | null>(null);
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { y: event.clientY, value, span: span() };
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const start = drag.current;
    if (start) onChange(draggedValue(start.value, event.clientY - start.y, start.span, { min, max }));
  };
  const onPointerEnd = () => {
    drag.current = null;
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const next = keyedValue(event.key, value, { min, max, step });
    if (next === null) return;
    event.preventDefault();
    onChange(next);
  };
  return (
    <div
      className="resize-handle"
      role="separator"
      aria-orientation="horizontal"
      aria-label={label}
      aria-valuenow={Math.round(value)}
      aria-valuemin={min}
      aria-valuemax={max}
      tabIndex={0}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerEnd}
      onPointerCancel={onPointerEnd}
      onKeyDown={onKeyDown}
    />
  );
}

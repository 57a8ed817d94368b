const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'];

/** A size in bytes in human units (1024 steps): "512 B", "1.5 KB", "50 MB". */
export function humanBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  // Whole values without a decimal: "30 MB", not "30.0 MB".
  const shown = unit === 0 || Number.isInteger(value) ? String(Math.round(value)) : value.toFixed(1);
  return `${shown} ${UNITS[unit]}`;
}

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'];

/** A size in bytes in human units (1024 steps): "512 B", "1.5 KB", "50.0 MB". */
export function humanBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  return unit === 0 ? `${Math.round(value)} B` : `${value.toFixed(1)} ${UNITS[unit]}`;
}

/** `<fileName>.log`, unless the name already ends so. */
export function logFileName(fileName: string): string {
  const base = fileName.trim() || 'task';
  return /\.log$/i.test(base) ? base : `${base}.log`;
}

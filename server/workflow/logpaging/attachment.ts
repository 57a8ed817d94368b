/**
 * Content-Disposition of a downloaded log, named as the viewer names it
 * (`<dag>__<run>__<task>[__<map index>]__try-<n>.log`): a plain ASCII name for old browsers and the
 * exact one in RFC 6266's filename* (run ids hold `:` and `+`).
 */
export function logAttachment(dagId: string, runId: string, taskId: string, mapIndex: number, tryNumber: number): string {
  const name = `${dagId}__${runId}__${taskId}${mapIndex >= 0 ? `__${mapIndex}` : ''}__try-${tryNumber}.log`;
  const ascii = name.replace(/[^\w.+-]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** A trigger's conf as the user typed it: empty is {}, anything else must be a JSON object. */
export function parseConf(text: string): { ok: true; value: Record<string, unknown> } | { ok: false; message: string } {
  if (text.trim() === '') return { ok: true, value: {} };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { ok: false, message: `Conf is not valid JSON: ${(error as Error).message}` };
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return { ok: false, message: 'Conf must be a JSON object, such as {"date": "2026-11-25"}' };
  }
  return { ok: true, value: value as Record<string, unknown> };
}

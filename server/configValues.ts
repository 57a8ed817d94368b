/** The environment the console's settings are read from. */
export type Env = Record<string, string | undefined>;

/** A setting's text, or undefined when it is unset or blank. */
export function text(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value;
}

/** An integer setting within [min, max]; anything else stops the server with the setting's name. */
export function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = text(env[name]);
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new Error(`${name} must be an integer from ${min} to ${max}, got "${raw}"`);
  }
  return value;
}

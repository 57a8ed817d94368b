import type { Role } from '../../../contracts/session';
import type { AirflowAccount } from '../../config';
import { problemBody } from '../problem';

/** Airflow's longest run note (DagRunNote.content is String(1000)). */
const NOTE_LIMIT = 1000;

/** The call that triggers a run, in either API. */
export const isTrigger = (call: string) => /^POST \/api\/v[12]\/dags\/\{\}\/dagRuns$/.test(call);

/**
 * The trigger's JSON body with the console user named in the run's note: Airflow sees only the
 * role's shared account, so without it a run's author is lost. Stamped here, on the server, so a
 * browser cannot name someone else. A body that is not a JSON object goes on unchanged (Airflow
 * answers it with its own error).
 */
export function stampTriggerNote(body: Buffer | undefined, username: string): Buffer | undefined {
  if (!body) return body;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString('utf8'));
  } catch {
    return body;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return body;
  const fields = parsed as Record<string, unknown>;
  const stamp = `Triggered in the console by ${username}.`;
  const asked = typeof fields.note === 'string' ? fields.note.trim() : '';
  const room = NOTE_LIMIT - stamp.length - 2;
  const note = asked === '' ? stamp : `${asked.length > room ? `${asked.slice(0, room - 1)}…` : asked}\n\n${stamp}`;
  return Buffer.from(JSON.stringify({ ...fields, note }));
}

/**
 * Airflow's 403 as the console says it: whose account was refused and Airflow's own reason, so a
 * screen shows "Airflow refused: …" rather than an empty pane or the console's own refusal.
 */
export function airflowRefusal(text: string, role: Role, account: AirflowAccount | null): ReturnType<typeof problemBody> {
  const who = account ? `Airflow user "${account.username}"` : 'no Airflow user';
  const detail = `Airflow refused: ${reasonOf(text)} (the console's ${role}s act as ${who})`;
  return problemBody(403, 'Forbidden', detail);
}

function reasonOf(text: string): string {
  try {
    const { detail, title } = JSON.parse(text) as { detail?: unknown; title?: unknown };
    if (typeof detail === 'string' && detail.trim()) return detail.trim();
    if (typeof title === 'string' && title.trim()) return title.trim();
  } catch {
    // Not JSON: Airflow's words as they came, if short.
  }
  // An HTML page (a proxy in front of Airflow) says nothing a user can read here.
  return text.trim() && text.length < 300 && !text.trimStart().startsWith('<') ? text.trim() : 'Forbidden';
}

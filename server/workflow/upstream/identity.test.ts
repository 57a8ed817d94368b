import { describe, expect, it } from 'vitest';
import { airflowRefusal, isTrigger, stampTriggerNote } from './identity';

const noteOf = (body: Buffer | undefined) => (JSON.parse(String(body)) as { note: string }).note;

describe('the console user on a triggered run', () => {
  it('is the note when none was asked, and follows the asked note', () => {
    expect(noteOf(stampTriggerNote(Buffer.from('{"conf":{}}'), 'ada'))).toBe('Triggered in the console by ada.');
    const body = stampTriggerNote(Buffer.from('{"conf":{"x":1},"note":"  backfill for finance "}'), 'ada');
    expect(JSON.parse(String(body))).toEqual({ conf: { x: 1 }, note: 'backfill for finance\n\nTriggered in the console by ada.' });
  });

  it('keeps a note that names someone else and adds who asked', () => {
    expect(noteOf(stampTriggerNote(Buffer.from('{"note":"Triggered in the console by grace."}'), 'ada'))).toMatch(/grace\.\n\nTriggered in the console by ada\.$/);
  });

  it('keeps the note within Airflow\'s 1,000 characters, cutting the asked text', () => {
    const note = noteOf(stampTriggerNote(Buffer.from(JSON.stringify({ note: 'x'.repeat(5000) })), 'ada'));
    expect(note.length).toBeLessThanOrEqual(1000);
    expect(note.endsWith('Triggered in the console by ada.')).toBe(true);
  });

  it('leaves a body that is not a JSON object as it came', () => {
    for (const raw of ['not json', '[1]', 'null']) expect(String(stampTriggerNote(Buffer.from(raw), 'ada'))).toBe(raw);
    expect(stampTriggerNote(undefined, 'ada')).toBeUndefined();
  });

  it('is stamped on the trigger call of both APIs only', () => {
    expect(isTrigger('POST /api/v1/dags/{}/dagRuns')).toBe(true);
    expect(isTrigger('POST /api/v2/dags/{}/dagRuns')).toBe(true);
    expect(isTrigger('PATCH /api/v2/dags/{}/dagRuns/{}')).toBe(false);
  });
});

describe('Airflow\'s 403', () => {
  it('says Airflow refused, why, and as which account', () => {
    expect(airflowRefusal('{"detail":"Forbidden"}', 'editor', { username: 'viewer', password: 'p' }).detail).toBe('Airflow refused: Forbidden (the console\'s editors act as Airflow user "viewer")');
    expect(airflowRefusal('<html>nope</html>', 'admin', null).detail).toBe('Airflow refused: Forbidden (the console\'s admins act as no Airflow user)');
    expect(airflowRefusal('Account locked', 'admin', null).detail).toMatch(/^Airflow refused: Account locked /);
    expect(airflowRefusal('', 'admin', null).detail).toMatch(/^Airflow refused: Forbidden /);
  });
});

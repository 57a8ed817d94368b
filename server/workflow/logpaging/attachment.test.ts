import { describe, expect, it } from 'vitest';
import { logAttachment } from './attachment';

describe('logAttachment', () => {
  it('names the file as the viewer does, in plain ASCII and exactly in filename*', () => {
    const header = logAttachment('etl', 'manual__2026-01-01T00:00:00+00:00', 'load', 3, 2);
    expect(header).toBe(`attachment; filename="etl__manual__2026-01-01T00_00_00+00_00__load__3__try-2.log"; filename*=UTF-8''etl__manual__2026-01-01T00%3A00%3A00%2B00%3A00__load__3__try-2.log`);
    expect(logAttachment('d', 'r"x', 't', -1, 1)).toContain('filename="d__r_x__t__try-1.log"');
  });
});

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.js';
import { isoTimeText } from './isoTimeText.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('isoTimeText', () => {
  it('writes a time as Date#toISOString does, microseconds truncated, any zone to UTC', async () => {
    const written = [
      '2026-01-01T00:00:00.123999+00:00',
      '2026-12-31T23:59:59.9996+05:00',
      '1999-06-15T12:00:00-07:30',
      '2024-02-29T00:00:00.000001Z',
    ];
    for (const text of written) {
      const [row] = await t.context.db
        .select({ iso: isoTimeText(sql`${text}::timestamptz`) })
        .from(sql`(select 1) as one`);
      expect(row!.iso).toBe(new Date(text).toISOString());
    }
  });

  it('keeps null', async () => {
    const [row] = await t.context.db
      .select({ iso: isoTimeText(sql`null::timestamptz`) })
      .from(sql`(select 1) as one`);
    expect(row!.iso).toBeNull();
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.js';
import { afterCommit } from './afterCommit.js';
import { mailOutbox } from './schema.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const row = (subject: string) => ({ toAddress: 'a@example.test', subject, text: 'x', html: 'x' });

/** Whether another connection's reader sees the row (a query outside the transaction). */
async function visible(subject: string): Promise<boolean> {
  const rows = await t.context.db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(eq(mailOutbox.subject, subject));
  return rows.length > 0;
}

function later(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

describe('afterCommit', () => {
  it('runs work registered in a transaction once it has committed, not before', async () => {
    const seen: string[] = [];
    await t.context.db.transaction(async (tx) => {
      await tx.insert(mailOutbox).values(row('commit-1'));
      afterCommit(tx, () => seen.push('after'));
      await later();
      seen.push('body done');
    });
    expect(seen).toEqual(['body done']);
    await later();
    expect(seen).toEqual(['body done', 'after']);
    expect(await visible('commit-1')).toBe(true);
  });

  it('runs work registered in a savepoint after the outer commit', async () => {
    const seen: string[] = [];
    await t.context.db.transaction(async (tx) => {
      await tx.transaction(async (inner) => {
        afterCommit(inner, () => seen.push('after'));
      });
      await later();
      expect(seen).toEqual([]);
    });
    await later();
    expect(seen).toEqual(['after']);
  });

  it('drops the work of a transaction that rolled back', async () => {
    const seen: string[] = [];
    await expect(
      t.context.db.transaction(async (tx) => {
        await tx.insert(mailOutbox).values(row('rolled-back'));
        afterCommit(tx, () => seen.push('after'));
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    await later();
    expect(seen).toEqual([]);
    expect(await visible('rolled-back')).toBe(false);
  });

  it('runs work registered outside a transaction on the next turn', async () => {
    const seen: string[] = [];
    afterCommit(t.context.db, () => seen.push('after'));
    expect(seen).toEqual([]);
    await later();
    expect(seen).toEqual(['after']);
  });
});

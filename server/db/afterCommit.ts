import type { Db } from './database.js';

/**
 * Work to run once a transaction has committed: what it wrote is invisible to everyone else
 * before (a mail nudge looking for the outbox row it queued would find nothing, and the mail
 * would wait for the next poll). Drizzle has no commit hook, so openDatabase wraps
 * Db.transaction once (withCommitHooks): work registered on a transaction, or on a savepoint
 * inside it, runs after the outermost commit and is dropped when it rolls back. Registered on
 * the database itself (no transaction), it runs on the next turn of the event loop.
 */
const hooksOf = new WeakMap<object, (() => void)[]>();

export function afterCommit(db: Db, work: () => void): void {
  const hooks = hooksOf.get(db);
  if (hooks) hooks.push(work);
  else setImmediate(work);
}

type Transaction = Db['transaction'];

/** Makes `transaction` (of a database or a transaction) register its transactions' hooks. */
function hooked(owner: { transaction: Transaction }, hooks: (() => void)[]): Transaction {
  const transaction = owner.transaction.bind(owner) as Transaction;
  return ((body, config) =>
    transaction((tx) => {
      hooksOf.set(tx, hooks);
      tx.transaction = hooked(tx, hooks);
      return body(tx);
    }, config)) as Transaction;
}

export function withCommitHooks(db: Db): Db {
  const transaction = db.transaction.bind(db) as Transaction;
  db.transaction = (async (body, config) => {
    const hooks: (() => void)[] = [];
    const result = await hooked({ transaction }, hooks)(body, config);
    for (const work of hooks) setImmediate(work);
    return result;
  }) as Transaction;
  return db;
}

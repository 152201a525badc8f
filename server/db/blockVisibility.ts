/**
 * What a block hides, as SQL conditions every read naming or listing other curators uses, so
 * the rule is written once (docs/network.md, "Blocking"). Each is an anti-join probe of the
 * `blocks` primary key (blocker_id, blocked_id) per candidate row: no extra statement.
 *
 * - `visibleTo(viewer, curator)`: the curator has not blocked the viewer. A curator who blocked
 *   the viewer does not exist for them: the same 404 as an unknown one, `false` for presence,
 *   absent from every list. The blocker still sees whom they blocked where a read names them
 *   (the profile shows relation `blocked` so the block can be lifted).
 * - `unblockedBetween(viewer, curator)`: no block either way. For what passes between two
 *   curators (discovery and swap partners, presence, requests, messages, swaps): a block ends
 *   all of it for both sides.
 */
import { and, sql, type AnyColumn, type Placeholder, type SQL } from 'drizzle-orm';
import { blocks } from './schema.js';

type Operand = string | Placeholder | AnyColumn | SQL;

/** The curator (a value or a column of the enclosing query) has not blocked the viewer. */
export function visibleTo(viewer: Operand, curator: Operand): SQL {
  return sql`not exists (select 1 from ${blocks} where ${blocks.blockerId} = ${curator} and ${blocks.blockedId} = ${viewer})`;
}

/** Neither has blocked the other. */
export function unblockedBetween(viewer: Operand, curator: Operand): SQL {
  return and(visibleTo(viewer, curator), visibleTo(curator, viewer))!;
}

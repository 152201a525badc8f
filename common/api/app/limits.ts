/**
 * The limits of this area's actions (lengths, page sizes, counts, time windows). Zod-free and
 * importing nothing: the schemas, the action table, the server and the client load it at run
 * time (common/api/contract.ts, "How an API action is declared").
 */

/** Lengths of a crash report's parts. */
export const ERROR_REPORT_LIMITS = {
  message: 2000,
  name: 200,
  stack: 16000,
  location: 2000,
} as const;

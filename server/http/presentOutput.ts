/**
 * An action's answer against its output contract (docs/ARCHITECTURE.md, step 8), two ways:
 *
 * - `parse` (tests, dev, demo): the zod schema parses every answer; anything the presenter did
 *   not mean to send is stripped, and an answer the schema refuses is our bug (500,
 *   OutputContractError naming the action).
 * - `serialize` (production): Fastify writes the answer with fast-json-stringify compiled from
 *   the contract's JSON Schema (z.toJSONSchema), once per action at start. Only the declared
 *   fields are written (a password hash can still never leak by accident), but the values are
 *   not re-validated: parsing a 10k-row answer again on every request cost more than building
 *   it. The tests run every action in `parse` mode, so a presenter that breaks its
 *   contract fails there.
 */
import { z } from 'zod';
import { actionId, type ActionContract } from '../../common/api/contract.js';
import { fieldsFromZod } from '../lib/apiError.js';

/**
 * A handler's answer that its output schema refuses. It is our bug, never the caller's: the
 * error handler answers 500 and logs it at error level with the action and the issues.
 */
export class OutputContractError extends Error {
  override name = 'OutputContractError';
  constructor(
    readonly action: string,
    readonly issues: Record<string, string>,
  ) {
    super(
      `${action} answered what its output contract refuses: ${Object.entries(issues)
        .map(([path, message]) => `${path}: ${message}`)
        .join('; ')}`,
    );
  }
}

/** Parsing also strips anything the presenter did not mean to send. */
export function parseOutput(contract: ActionContract, result: unknown): unknown {
  const parsed = contract.output.safeParse(result);
  if (!parsed.success)
    throw new OutputContractError(actionId(contract), fieldsFromZod(parsed.error));
  return parsed.data;
}

/**
 * The JSON Schema Fastify compiles the 200 answer's serializer from, or undefined when the
 * contract has something JSON Schema cannot say (the action then parses, as in tests).
 */
export function responseSchemaOf(contract: ActionContract): object | undefined {
  try {
    const { $schema: _dialect, ...schema } = z.toJSONSchema(contract.output, {
      io: 'output',
      unrepresentable: 'throw',
    });
    return schema;
  } catch {
    return undefined;
  }
}

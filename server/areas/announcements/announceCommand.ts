/**
 * `npm run announce` (tools/announce.ts): publish, list and withdraw announcements on the
 * configured database (docs/network.md, Announcements). Arguments in, lines out; the caller
 * opens the database and prints.
 */
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { parseAnnouncementAudience } from '../../../common/domain/announcements.js';
import type { Db } from '../../db/client.js';
import {
  AnnouncementRefused,
  listAnnouncements,
  publishAnnouncement,
  withdrawAnnouncement,
  type PublishedAnnouncement,
} from './announcements.js';

export const ANNOUNCE_USAGE = [
  'Usage:',
  '  npm run announce -- --file news.html [--until 2026-12-31] [--audience all|plan:<name>]',
  '  npm run announce -- --list',
  '  npm run announce -- --withdraw <id>',
].join('\n');

/** What the operator asked for; a mistake in the arguments throws AnnouncementRefused. */
export type AnnounceRequest =
  | { kind: 'publish'; file: string; until: Date | null; audience: string }
  | { kind: 'list' }
  | { kind: 'withdraw'; id: string };

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 24 * 60 * 60 * 1000;

/** A date means through the end of that day (UTC); a full timestamp means that moment. */
export function parseUntil(text: string): Date {
  const at = DATE_ONLY.test(text)
    ? new Date(Date.parse(`${text}T00:00:00Z`) + DAY_MS)
    : new Date(text);
  if (Number.isNaN(at.getTime())) {
    throw new AnnouncementRefused(`--until ${text} is not a date (2026-12-31 or an ISO time).`);
  }
  return at;
}

export function parseAnnounceArgs(args: string[]): AnnounceRequest {
  let values;
  try {
    ({ values } = parseArgs({
      args,
      strict: true,
      allowPositionals: false,
      options: {
        file: { type: 'string' },
        until: { type: 'string' },
        audience: { type: 'string' },
        list: { type: 'boolean' },
        withdraw: { type: 'string' },
      },
    }));
  } catch (error) {
    throw new AnnouncementRefused(`${(error as Error).message}\n${ANNOUNCE_USAGE}`);
  }
  const modes = [values.file !== undefined, values.list === true, values.withdraw !== undefined];
  if (modes.filter(Boolean).length !== 1) {
    throw new AnnouncementRefused(`Name one of --file, --list or --withdraw.\n${ANNOUNCE_USAGE}`);
  }
  if (values.list) return { kind: 'list' };
  if (values.withdraw !== undefined) {
    if (!z.uuid().safeParse(values.withdraw).success) {
      throw new AnnouncementRefused(`--withdraw ${values.withdraw} is not an announcement id.`);
    }
    return { kind: 'withdraw', id: values.withdraw };
  }
  return {
    kind: 'publish',
    file: values.file!,
    until: values.until === undefined ? null : parseUntil(values.until),
    audience: values.audience ?? 'all',
  };
}

function describe(announcement: PublishedAnnouncement, now: Date): string {
  const state = announcement.withdrawnAt
    ? `withdrawn ${announcement.withdrawnAt.toISOString()}`
    : announcement.until && announcement.until <= now
      ? 'expired'
      : 'live';
  const until = announcement.until ? announcement.until.toISOString() : 'withdrawn';
  return `${announcement.id}  ${state}  audience ${announcement.audience}  published ${announcement.publishedAt.toISOString()}  until ${until}`;
}

/** Runs the request; answers the lines to print. Refusals throw AnnouncementRefused. */
export async function runAnnounceCommand(
  db: Db,
  request: AnnounceRequest,
  now: Date,
): Promise<string[]> {
  if (request.kind === 'list') {
    const all = await listAnnouncements(db);
    return all.length === 0 ? ['No announcements yet.'] : all.map((item) => describe(item, now));
  }
  if (request.kind === 'withdraw') {
    if (!(await withdrawAnnouncement(db, request.id, now))) {
      throw new AnnouncementRefused(`No live announcement ${request.id}.`);
    }
    return [`Withdrawn: ${request.id}`];
  }
  const audience = parseAnnouncementAudience(request.audience);
  if (!audience) {
    throw new AnnouncementRefused(
      `--audience ${request.audience} is neither all nor plan:<free|starter|advanced|pro|enterprise>.`,
    );
  }
  let html: string;
  try {
    html = await readFile(request.file, 'utf8');
  } catch (error) {
    throw new AnnouncementRefused(`Cannot read ${request.file}: ${(error as Error).message}`);
  }
  const published = await publishAnnouncement(db, { html, audience, until: request.until }, now);
  return [`Published: ${describe(published, now)}`, 'Stored HTML (sanitised):', published.html];
}

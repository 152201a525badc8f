/** The requests bench/api measures: the main reads and writes of a signed-in curator. */
import { TRADE_STATUSES } from '../../common/domain/swaps.js';
import type { Caller } from '../lib/benchKit.js';

export interface BenchAction {
  label: string;
  path: string;
  /** POST body; GET without one. */
  body?: object;
  /** Callers taken in turn instead of the signed-in curator (message/send: 60 a minute each). */
  rotation?: Caller[];
}

/**
 * The heavy curator's main reads and writes. message/send is sent by the heavy curator's
 * conversation partners in turn, each to their conversation with the heavy curator: the
 * product allows 60 messages a minute per sender.
 */
export function mainActions(senders: { cookie: string; conversationId: string }[]): BenchAction[] {
  return [
    { label: 'GET /api/ (start-up)', path: '/api/' },
    { label: 'playlists/all', path: '/api/playlists/all', body: {} },
    { label: 'songs/catalog', path: '/api/songs/catalog', body: {} },
    { label: 'trades/all', path: '/api/trades/all', body: { statuses: [...TRADE_STATUSES] } },
    { label: 'messenger/conversations', path: '/api/messenger/conversations', body: {} },
    {
      label: 'messenger/conversation/messages',
      path: '/api/messenger/conversation/messages',
      body: { conversationId: senders[0]!.conversationId },
    },
    {
      label: 'messenger/message/send',
      path: '/api/messenger/message/send',
      rotation: senders.map(({ cookie, conversationId }) => ({
        cookie,
        body: { conversationId, content: 'Thanks, the swap went well!' },
      })),
    },
    {
      label: 'discovery (potential-partners)',
      path: '/api/users/network/potential-partners',
      body: {},
    },
  ];
}

/** The list actions whose page 1 the growth table times at each size. */
export function listActions(conversationId: string): BenchAction[] {
  return [
    { label: 'songs/catalog', path: '/api/songs/catalog', body: {} },
    { label: 'trades/all', path: '/api/trades/all', body: { statuses: [...TRADE_STATUSES] } },
    { label: 'messenger/conversations', path: '/api/messenger/conversations', body: {} },
    {
      label: 'messenger/conversation/messages',
      path: '/api/messenger/conversation/messages',
      body: { conversationId },
    },
    { label: 'auth/activity', path: '/api/auth/activity', body: {} },
    { label: 'users/invites', path: '/api/users/invites', body: {} },
  ];
}

/** One request as the signed-in curator; throws on anything but 2xx. Answers the body's size. */
let turn = 0;

export async function call(
  baseUrl: string,
  action: BenchAction,
  signedIn: string,
): Promise<number> {
  const caller = action.rotation?.[turn++ % action.rotation.length];
  const cookie = caller?.cookie ?? signedIn;
  const body = caller?.body ?? action.body;
  const response = await fetch(`${baseUrl}${action.path}`, {
    method: body ? 'POST' : 'GET',
    headers: { cookie, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${action.label}: ${response.status} ${text.slice(0, 300)}`);
  return Buffer.byteLength(text);
}

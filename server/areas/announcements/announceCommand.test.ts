import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedInUser, type TestApp } from '../../test/harness.js';
import { usersCall } from '../../test/network.js';
import { AnnouncementRefused } from './announcements.js';
import { parseAnnounceArgs, runAnnounceCommand } from './announceCommand.js';

let t: TestApp;
let dir: string;
beforeAll(async () => {
  t = await createTestApp();
  dir = await mkdtemp(join(tmpdir(), 'curator-announce-'));
});
afterAll(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

async function htmlFile(name: string, html: string) {
  const path = join(dir, name);
  await writeFile(path, html);
  return path;
}

const run = async (args: string[]) =>
  runAnnounceCommand(t.context.db, parseAnnounceArgs(args), t.clock.now());

describe('npm run announce', () => {
  it('publishes a file, sanitised, and a curator then reads it; --withdraw takes it back', async () => {
    const curator = await signedInUser(t);
    const file = await htmlFile(
      'news.html',
      '<h2>Groups</h2><p>Keep partners in groups.<script>alert(1)</script></p><a href="javascript:alert(1)">x</a>',
    );
    const printed = await run(['--file', file, '--until', '2099-12-31', '--audience', 'all']);
    expect(printed[0]).toMatch(
      /^Published: [0-9a-f-]{36} {2}live {2}audience all {2}published .* until 2100-01-01T00:00:00\.000Z$/,
    );
    const stored = '<h2>Groups</h2><p>Keep partners in groups.</p><a>x</a>';
    expect(printed.at(-1)).toBe(stored);
    const id = printed[0]!.split(' ')[1]!;

    const seen = (await usersCall(t, curator, 'announcement')).json();
    expect(seen).toEqual({ success: true, announcement: { id, text: stored } });

    const listed = await run(['--list']);
    expect(listed[0]).toContain(`${id}  live  audience all`);
    expect(await run(['--withdraw', id])).toEqual([`Withdrawn: ${id}`]);
    expect((await usersCall(t, curator, 'announcement')).json().announcement).toBeNull();
    expect((await run(['--list']))[0]).toMatch(new RegExp(`^${id} {2}withdrawn `));
    await expect(run(['--withdraw', id])).rejects.toThrow(AnnouncementRefused);
  });

  it('refuses what it cannot publish, in words for the operator', async () => {
    const file = await htmlFile('ok.html', '<p>Hello</p>');
    const blank = await htmlFile('blank.html', '<script>alert(1)</script><img src=x>');
    for (const args of [
      [],
      ['--file', file, '--list'],
      ['--file', file, '--until', 'soon'],
      ['--file', file, '--audience', 'plan:platinum'],
      ['--file', file, '--audience', 'everyone'],
      ['--file', file, '--until', '2001-01-01'],
      ['--file', join(dir, 'missing.html')],
      ['--file', blank],
      ['--withdraw', 'not-an-id'],
      ['--bogus'],
    ]) {
      await expect(run(args), args.join(' ')).rejects.toThrow(AnnouncementRefused);
    }
  });

  it('runs as a process on the configured database (PGlite in DATA_DIR) and prints what it published', async () => {
    const file = await htmlFile('cli.html', '<p>From the <em>command</em> line</p>');
    const env = {
      ...process.env,
      DATA_DIR: join(dir, 'data'),
      DATABASE_URL: '',
      LOG_LEVEL: 'silent',
    };
    const command = (args: string[]) =>
      promisify(execFile)(process.execPath, ['--import', 'tsx', 'tools/announce.ts', ...args], {
        env,
        timeout: 90_000,
      });
    const published = await command(['--file', file, '--audience', 'plan:pro']);
    expect(published.stdout).toContain('audience plan:pro');
    expect(published.stdout).toContain('<p>From the <em>command</em> line</p>');
    await expect(command(['--audience', 'all'])).rejects.toMatchObject({ code: 2 });
  }, 120_000);
});

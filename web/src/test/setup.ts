import { afterEach, vi } from 'vitest';
import { fakeIo, resetFakeSockets } from './fakeSocket';
import { takeStubProblems } from './stubProblems';

/*
 * No test opens a real realtime connection: socket.io-client is replaced by a fake socket
 * that tests drive as the server (src/test/fakeSocket.ts).
 */
vi.mock('socket.io-client', () => ({ io: fakeIo, default: fakeIo }));

afterEach(() => {
  resetFakeSockets();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  // A stubbed answer or a request that broke its action's contract fails the test (stubApi.ts).
  const problems = takeStubProblems();
  if (problems.length > 0) throw new Error(problems.join('\n\n'));
});

/*
 * Component tests run in jsdom (the project's environment). Tests of plain logic declare
 * `// @vitest-environment node` on their first line: they need no DOM, and skipping jsdom
 * and the DOM setup is most of what such a file costs.
 */
if (typeof window !== 'undefined') await import('./domSetup');

// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { routePreloads, type BuiltChunk } from './routePreloads';

const chunk = (fileName: string, rest: Partial<BuiltChunk> = {}): BuiltChunk => ({
  fileName,
  isEntry: false,
  facadeModuleId: null,
  moduleIds: [],
  imports: [],
  ...rest,
});

// main.tsx -> jsx; start.tsx -> redux -> jsx; the screens share a card, one has its own table.
const chunks = [
  chunk('assets/index-1.js', {
    isEntry: true,
    facadeModuleId: '/src/main.tsx',
    imports: ['assets/jsx-2.js'],
  }),
  chunk('assets/jsx-2.js'),
  chunk('assets/start-3.js', {
    facadeModuleId: '/src/app/start.tsx',
    imports: ['assets/redux-4.js', 'assets/jsx-2.js'],
  }),
  chunk('assets/redux-4.js', { imports: ['assets/jsx-2.js'] }),
  chunk('assets/SignIn-5.js', {
    facadeModuleId: '/src/SignIn.tsx',
    imports: ['assets/Card-6.js', 'assets/redux-4.js'],
  }),
  chunk('assets/Card-6.js', { imports: ['assets/jsx-2.js'] }),
  chunk('assets/Playlist-7.js', {
    facadeModuleId: '/src/Playlist.tsx',
    imports: ['assets/Table-8.js'],
  }),
  chunk('assets/Table-8.js', { imports: ['assets/Card-6.js'] }),
  chunk('assets/Shared-9.js', { moduleIds: ['/src/Shell.tsx', '/src/Help.tsx'] }),
];
const screens = [
  { path: '/signin', moduleId: '/src/SignIn.tsx' },
  { path: '/playlists/:id', moduleId: '/src/Playlist.tsx' },
  { path: '/help', moduleId: '/src/Help.tsx' },
];

describe('the route preloads of a build', () => {
  it("lists the app chunk's files and each screen's, without what comes before them", () => {
    expect(routePreloads(chunks, '/src/app/start.tsx', screens)).toEqual({
      app: ['/assets/start-3.js', '/assets/redux-4.js'],
      routes: {
        '/signin': ['/assets/SignIn-5.js', '/assets/Card-6.js'],
        '/playlists/:id': ['/assets/Playlist-7.js', '/assets/Table-8.js', '/assets/Card-6.js'],
        '/help': ['/assets/Shared-9.js'],
      },
    });
  });

  it('puts the URLs under the base', () => {
    const { app } = routePreloads(chunks, '/src/app/start.tsx', [], '/app/');
    expect(app).toEqual(['/app/assets/start-3.js', '/app/assets/redux-4.js']);
  });

  it('fails the build when a screen is in no chunk, or a path is declared twice', () => {
    expect(() =>
      routePreloads(chunks, '/src/app/start.tsx', [{ path: '/x', moduleId: '/src/Gone.tsx' }]),
    ).toThrow('the screen of /x (/src/Gone.tsx) is in no chunk of the build');
    expect(() => routePreloads(chunks, '/src/app/start.tsx', [screens[0]!, screens[0]!])).toThrow(
      'the router declares /signin twice',
    );
  });
});

import { describe, expect, it, vi } from 'vitest';
import { api } from './baseApi';

describe("the features' endpoints", () => {
  // RTK Query keeps the first endpoint of a name and skips a later one without a word outside
  // development: the feature loaded second would call the other feature's action.
  it('have a name of their own across every feature', async () => {
    const inject = api.injectEndpoints.bind(api);
    const injected: string[] = [];
    const spy = vi.spyOn(api, 'injectEndpoints').mockImplementation((options) => {
      injected.push(...Object.keys(options.endpoints(fakeBuilder)));
      return inject(options);
    });
    try {
      const modules = import.meta.glob(['../../features/**/*.ts', '!**/*.test.ts']);
      await Promise.all(Object.values(modules).map((load) => load()));
    } finally {
      spy.mockRestore();
    }
    const repeated = injected.filter((name, index) => injected.indexOf(name) !== index);
    expect(injected.length).toBeGreaterThan(50);
    expect(repeated).toEqual([]);
  });
});

/** Enough of RTK Query's builder for an endpoints function to name its endpoints. */
const fakeBuilder = {
  query: (definition: unknown) => definition,
  mutation: (definition: unknown) => definition,
  infiniteQuery: (definition: unknown) => definition,
} as unknown as Parameters<Parameters<typeof api.injectEndpoints>[0]['endpoints']>[0];

/**
 * Problems the API stubs found after stubApi() returned: an answer a stub function gave, or a
 * request the client sent, that broke its action's contract (stubApi.ts). The test setup takes
 * them after each test and fails the test that had any. A module of its own, so the setup does
 * not load the contracts and zod for tests that stub nothing.
 */
const problems: string[] = [];

export function reportStubProblem(problem: string): void {
  problems.push(problem);
}

/** Takes the problems found so far. */
export function takeStubProblems(): string[] {
  return problems.splice(0);
}

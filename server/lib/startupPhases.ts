/**
 * When each start-up step finished, in milliseconds since the process started (node's own
 * bootstrap included), for the start-up log line that bench/cold-start.mjs reads.
 */
export interface StartupPhases {
  mark(step: string): void;
  /** The steps so far, in the order they finished. */
  readonly steps: Readonly<Record<string, number>>;
}

export function startupPhases(): StartupPhases {
  const steps: Record<string, number> = {};
  return {
    mark(step) {
      steps[step] = Math.round(performance.now());
    },
    steps,
  };
}

import { useId, useState } from 'react';
import { buttonClassName } from '../../shared/ui/Button';
import { AlertIcon, ChevronRightIcon } from '../../shared/ui/icons';
import { cn } from '../../shared/ui/cn';

/**
 * The crash screen: what a render error shows instead of the app. It is part of every page's
 * start (the boundary holds the whole app), so its stack trace is a plain disclosure button
 * (aria-expanded, aria-controls) rather than Radix's Collapsible, which brought Radix's shared
 * primitives (3 KiB gzip) into every start.
 */
export function CrashScreen({ error }: { error: Error }) {
  const [stackOpen, setStackOpen] = useState(false);
  const stackId = useId();
  return (
    <div className="mx-auto w-full max-w-3xl px-6 py-16">
      <div className="rounded-xl border border-red-200 bg-white p-8 shadow-sm">
        <div className="flex items-start gap-4">
          <div className="flex size-10 shrink-0 items-center justify-center rounded-full bg-red-50 text-red-600">
            <AlertIcon className="size-5" />
          </div>
          <div className="min-w-0 flex-1">
            <h1 className="text-xl font-semibold text-slate-900">Application Error</h1>
            <p className="mt-2 text-sm text-slate-600">
              Something went wrong. Please report this to our support team.
            </p>
            <p className="mt-4 rounded-lg bg-red-50 px-3 py-2 font-mono text-sm break-words text-red-800">
              {error.message || error.name}
            </p>
            {error.stack && (
              <div className="mt-4">
                <button
                  type="button"
                  aria-expanded={stackOpen}
                  aria-controls={stackId}
                  onClick={() => setStackOpen(!stackOpen)}
                  className="inline-flex items-center gap-1 rounded text-sm font-medium text-slate-700 hover:text-slate-900"
                >
                  <ChevronRightIcon
                    className={cn('size-4 transition-transform', stackOpen && 'rotate-90')}
                  />
                  {stackOpen ? 'Hide stack trace' : 'Show stack trace'}
                </button>
                {stackOpen && (
                  <pre
                    id={stackId}
                    className="mt-2 max-h-80 overflow-auto rounded-lg bg-slate-900 p-4 text-xs leading-relaxed text-slate-100"
                  >
                    {error.stack}
                  </pre>
                )}
              </div>
            )}
            <div className="mt-6 flex flex-wrap gap-3">
              <button
                type="button"
                className={buttonClassName()}
                onClick={() => window.location.reload()}
              >
                Reload the page
              </button>
              {/* A full page load, so nothing of the broken screen is kept. */}
              <a href="/" className={buttonClassName({ variant: 'secondary' })}>
                Go to Home
              </a>
            </div>
          </div>
        </div>
      </div>
    </div>
  );
}

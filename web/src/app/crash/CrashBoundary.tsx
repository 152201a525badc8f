import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { CrashScreen } from './CrashScreen';
import { asError, reportCrash } from './reportCrash';

interface CrashBoundaryState {
  error: Error | null;
}

/** Catches render crashes below it, shows the crash screen and reports the crash once. */
export class CrashBoundary extends Component<{ children: ReactNode }, CrashBoundaryState> {
  override state: CrashBoundaryState = { error: null };

  static getDerivedStateFromError(thrown: unknown): CrashBoundaryState {
    return { error: asError(thrown) };
  }

  override componentDidCatch(thrown: unknown, _info: ErrorInfo): void {
    void reportCrash(this.state.error ?? asError(thrown));
  }

  override render(): ReactNode {
    return this.state.error ? <CrashScreen error={this.state.error} /> : this.props.children;
  }
}

/** A CrashBoundary that starts over on another path, so navigating away leaves the crash. */
export function ScreenCrashBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <CrashBoundary key={pathname}>{children}</CrashBoundary>;
}

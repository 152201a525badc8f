import { useSearchParams } from 'react-router';

export const CRASH_PARAMETER = 'crash';

/**
 * Throws during render when the URL asks for it with ?crash=render. It exists so the
 * end-to-end tests can prove the crash screen and the error report work in the built app.
 * Harmless in production: it only throws on that explicit query, for the person who typed it.
 */
export function RenderCrashProbe() {
  const [searchParams] = useSearchParams();
  if (searchParams.get(CRASH_PARAMETER) === 'render') {
    throw new Error('Render crash requested with ?crash=render');
  }
  return null;
}

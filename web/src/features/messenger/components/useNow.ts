import { useEffect, useState } from 'react';

/** The current time, renewed every minute, so "5 minutes ago" and "Today" stay true. */
export function useNow(everyMs = 60_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

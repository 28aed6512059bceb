import { useEffect, useRef } from 'react';

/** Calls `tick` every `ms` milliseconds while mounted (null pauses it). */
export function useInterval(tick: () => void, ms: number | null): void {
  const saved = useRef(tick);
  saved.current = tick;
  useEffect(() => {
    if (ms === null) return;
    const id = setInterval(() => saved.current(), ms);
    return () => clearInterval(id);
  }, [ms]);
}

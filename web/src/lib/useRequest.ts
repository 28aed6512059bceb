import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * Loads data on mount (and on `reload`), keeping the last good data on failure.
 * `onError` shows the failure; data stays as it was so the screen never goes blank.
 */
export function useRequest<T>(
  load: () => Promise<T>,
  options: { initial: T; onError: (err: unknown) => void; skip?: boolean; deps?: unknown[] },
) {
  const [data, setData] = useState<T>(options.initial);
  const [loading, setLoading] = useState(!options.skip);
  const loadRef = useRef(load);
  loadRef.current = load;
  const onErrorRef = useRef(options.onError);
  onErrorRef.current = options.onError;
  const alive = useRef(true);

  const reload = useCallback(async (quiet = false) => {
    if (!quiet) setLoading(true);
    try {
      const value = await loadRef.current();
      if (alive.current) setData(value);
      return value;
    } catch (err) {
      if (alive.current) onErrorRef.current(err);
      return undefined;
    } finally {
      if (alive.current && !quiet) setLoading(false);
    }
  }, []);

  useEffect(() => {
    alive.current = true;
    if (!options.skip) void reload();
    return () => {
      alive.current = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the caller's own dependency list (options.deps)
  }, [reload, options.skip, ...(options.deps ?? [])]);

  return { data, setData, loading, reload };
}

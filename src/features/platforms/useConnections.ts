import type { PlatformConnection } from '@contract/connections';
import { loadConnections } from '@src/api/platforms';
import { useCallback, useEffect, useState } from 'react';

/** The account's connections, loaded with the page and again after a change. */
export function useConnections() {
  const [connections, setConnections] = useState<PlatformConnection[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const load = useCallback(async (signal?: AbortSignal) => {
    try {
      setConnections(await loadConnections(signal));
      setLoadError(null);
    } catch (error) {
      if (!signal?.aborted)
        setLoadError(error instanceof Error ? error.message : 'The connections could not be loaded.');
    }
  }, []);
  useEffect(() => {
    const controller = new AbortController();
    void load(controller.signal);
    return () => controller.abort();
  }, [load]);
  const reload = useCallback(() => void load(), [load]);
  return { connections, loadError, reload };
}

import { useEffect } from 'react';
import { type NavigateOptions, useNavigate } from 'react-router-dom';

/** A running chart that asks for navigation with `emit({ type: 'navigate', to })`. */
interface EmitsNavigation {
  on(type: 'navigate', handler: (event: { type: 'navigate'; to: string }) => void): { unsubscribe(): void };
}

/** The router goes where the chart asks (`navigate` events), for as long as the component is mounted. */
export function useChartNavigation(actorRef: EmitsNavigation, options?: NavigateOptions): void {
  const navigate = useNavigate();
  const replace = options?.replace;
  useEffect(() => {
    const subscription = actorRef.on('navigate', (event) =>
      replace === undefined ? navigate(event.to) : navigate(event.to, { replace }),
    );
    return () => subscription.unsubscribe();
  }, [actorRef, navigate, replace]);
}

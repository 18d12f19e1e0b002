import { loadActivityActors } from '@src/api/activity';
import { useEffect, useState } from 'react';
import type { FilterOption } from '../FilterSelect';

const NONE: readonly FilterOption[] = [];

/**
 * The "who" filter's choices: everyone who appears in the log. Reference data for one menu, not a flow:
 * while it loads (or if it fails) the menu offers only "Everyone", and the table itself is unaffected.
 */
export function useActivityFilterOptions() {
  const [actors, setActors] = useState<readonly FilterOption[]>(NONE);
  useEffect(() => {
    const controller = new AbortController();
    loadActivityActors(controller.signal).then(
      (list) => setActors(list.map((actor) => ({ value: actor.id, label: actor.name }))),
      () => undefined,
    );
    return () => controller.abort();
  }, []);
  return { actors };
}

/**
 * `useActorRef` of `@xstate/react`, with the app's actor options (`withInspection`, `src/lib/inspect.ts`):
 * every hook in `src/` creates its actor through this one, so the e2e run can record the transitions the
 * app's actors take. Without the e2e flag it is `@xstate/react`'s own.
 */

import { withInspection } from '@src/lib/inspect';
import { useActorRef as useXStateActorRef } from '@xstate/react';
import type { AnyActorLogic } from 'xstate';

export const useActorRef = ((logic: AnyActorLogic, options?: { inspect?: unknown }, observer?: unknown) =>
  (useXStateActorRef as (logic: AnyActorLogic, options?: unknown, observer?: unknown) => unknown)(
    logic,
    withInspection(options),
    observer,
  )) as typeof useXStateActorRef;

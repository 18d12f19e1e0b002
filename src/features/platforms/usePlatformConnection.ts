import { CONNECT_ERRORS, type ConnectError } from '@contract/connections';
import { PLATFORMS } from '@contract/reference';
import {
  connectPlatformConnection,
  type DisconnectInput,
  type PlatformConnectionView,
  platformConnectionMachine,
  type ReturnedOutcome,
  type StartConnectInput,
} from '@machines/platformConnection';
import { provideStepUpConfirmation } from '@machines/stepUpConfirmation';
import { disconnectPlatform, requestSync, startConnect } from '@src/api/platforms';
import { requestStepUp } from '@src/api/stepUp';
import { useActorRef } from '@src/ui/actorRef';
import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { fromPromise } from 'xstate';
import { leavePageFor } from './leavePage';

/** `?connected=meta` / `?connectError=denied`: what the callback's redirect said. */
function returnedOutcome(params: URLSearchParams): ReturnedOutcome {
  const connected = PLATFORMS.find((p) => p.key === params.get('connected'));
  if (connected) return { connected: { platform: connected.key, displayName: connected.displayName } };
  const error = params.get('connectError');
  if (error !== null)
    return {
      connectError: (CONNECT_ERRORS as readonly string[]).includes(error)
        ? (error as ConnectError)
        : 'failed',
    };
  return null;
}

/**
 * Binds the connection chart to the API and the browser: Connect's consent page is a real navigation
 * (the platform is another site), the callback's outcome is read from the URL once and then taken out of
 * it (a reload does not repeat the notice), and a disconnect reloads the list.
 */
export function usePlatformConnection(onChanged: () => void): PlatformConnectionView {
  const [params, setParams] = useSearchParams();
  const changed = useRef(onChanged);
  changed.current = onChanged;
  const actorRef = useActorRef(
    platformConnectionMachine.provide({
      actors: {
        startConnect: provideStepUpConfirmation<StartConnectInput>({
          send: ({ request, stepUpToken }) => startConnect(request.platform, request.returnTo, stepUpToken),
          confirmIdentity: requestStepUp,
        }),
        disconnect: provideStepUpConfirmation<DisconnectInput>({
          send: ({ request, stepUpToken }) => disconnectPlatform(request.platform, stepUpToken),
          confirmIdentity: requestStepUp,
        }),
        requestSync: fromPromise(({ input }) => requestSync(input.platform)),
      },
    }),
  );
  useEffect(() => {
    const redirect = actorRef.on('redirect', ({ url }) => leavePageFor(url));
    const reload = actorRef.on('connections.changed', () => changed.current());
    return () => {
      redirect.unsubscribe();
      reload.unsubscribe();
    };
  }, [actorRef]);
  // The callback's outcome arrives in the URL (on load, or a navigation to it); said once, then removed.
  useEffect(() => {
    const returned = returnedOutcome(params);
    if (!returned) return;
    actorRef.send({ type: 'route.enter', returned });
    setParams(
      (current) => {
        current.delete('connected');
        current.delete('connectError');
        return current;
      },
      { replace: true },
    );
  }, [actorRef, params, setParams]);
  return useSelector(actorRef, (snapshot) => connectPlatformConnection(snapshot, actorRef.send), sameView);
}

const sameView = (a: PlatformConnectionView, b: PlatformConnectionView) =>
  a.phase === b.phase &&
  a.busyPlatform === b.busyPlatform &&
  a.canAct === b.canAct &&
  a.notice?.text === b.notice?.text &&
  a.noticePlatform === b.noticePlatform &&
  a.confirming?.platform === b.confirming?.platform;

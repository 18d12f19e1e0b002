import {
  type ChartsLiveEvent,
  type ChartsLiveView,
  chartsLiveMachine,
  connectChartsLive,
} from '@machines/chartsExplorer';
import { LIVE_CHANNEL, LIVE_TAB, type LiveMessage, setLiveReporting } from '@src/lib/liveCharts';
import { useActorRef } from '@src/ui/actorRef';
import { useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { fromCallback } from 'xstate';

const machine = chartsLiveMachine.provide({
  actors: {
    listen: fromCallback<ChartsLiveEvent>(({ sendBack }) => {
      const channel = new BroadcastChannel(LIVE_CHANNEL);
      channel.onmessage = (event: MessageEvent<LiveMessage>) => {
        const message = event.data;
        // The explorer's own charts are not the app's.
        if (message?.kind !== 'hello' && message?.tab === LIVE_TAB) return;
        if (message?.kind === 'state') {
          const { kind: _kind, ...report } = message;
          sendBack({ type: 'live.report', report });
        } else if (message?.kind === 'gone')
          sendBack({ type: 'live.gone', tab: message.tab, actor: message.actor });
      };
      // The tabs already open report what runs in them.
      channel.postMessage({ kind: 'hello' } satisfies LiveMessage);
      return () => channel.close();
    }),
  },
  actions: {
    enableReporting: () => setLiveReporting(true),
    disableReporting: () => setLiveReporting(false),
  },
});

/** The chartsLive chart bound to the app's BroadcastChannel; `?live` in the address starts it on opening. */
export function useChartsLive(): ChartsLiveView {
  const [params, setParams] = useSearchParams();
  const actorRef = useActorRef(machine);
  const snapshot = useSelector(actorRef, (current) => current);
  const wanted = params.has('live');
  // biome-ignore lint/correctness/useExhaustiveDependencies: only on opening
  useEffect(() => {
    if (wanted) actorRef.send({ type: 'live.start' });
  }, []);
  const view = useMemo(
    () => connectChartsLive(snapshot, (event) => actorRef.send(event)),
    [snapshot, actorRef],
  );
  const isOn = view.isOn;
  useEffect(() => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (isOn) next.set('live', '');
        else next.delete('live');
        return next;
      },
      { replace: true },
    );
  }, [isOn, setParams]);
  return view;
}

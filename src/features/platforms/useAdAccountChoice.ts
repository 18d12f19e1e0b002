import {
  type AdAccountChoiceView,
  adAccountChoiceMachine,
  connectAdAccountChoice,
} from '@machines/adAccountChoice';
import { chooseAdAccount, loadAdAccountChoice } from '@src/api/platforms';
import { useActorRef } from '@src/ui/actorRef';
import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { fromPromise } from 'xstate';

/**
 * Binds the ad-account chooser's chart to the API: `onConnected` and `onClosed` are the page's (the return
 * URL's parameters give way to `?connected=<platform>`, or are taken out).
 */
export function useAdAccountChoice(
  input: { platform: string; choiceId: string },
  handlers: { onConnected: (platform: string) => void; onClosed: () => void },
): AdAccountChoiceView {
  const latest = useRef(handlers);
  latest.current = handlers;
  const actorRef = useActorRef(
    adAccountChoiceMachine.provide({
      actors: {
        loadChoice: fromPromise(({ input: { platform, choiceId } }) =>
          loadAdAccountChoice(platform, choiceId),
        ),
        chooseAdAccount: fromPromise(({ input: { platform, choiceId, adAccountId } }) =>
          chooseAdAccount(platform, choiceId, adAccountId),
        ),
      },
    }),
    { input },
  );
  useEffect(() => {
    const connected = actorRef.on('connected', ({ platform }) => latest.current.onConnected(platform));
    const closed = actorRef.on('closed', () => latest.current.onClosed());
    return () => {
      connected.unsubscribe();
      closed.unsubscribe();
    };
  }, [actorRef]);
  return useSelector(actorRef, (snapshot) => connectAdAccountChoice(snapshot, actorRef.send), sameView);
}

const sameView = (a: AdAccountChoiceView, b: AdAccountChoiceView) =>
  a.isOpen === b.isOpen &&
  a.isLoading === b.isLoading &&
  a.text === b.text &&
  a.fieldError === b.fieldError &&
  a.error === b.error &&
  a.isConnecting === b.isConnecting &&
  a.canSubmit === b.canSubmit &&
  a.canRetry === b.canRetry &&
  a.options.length === b.options.length &&
  a.options.every((option, i) => option.isSelected === b.options[i]?.isSelected);

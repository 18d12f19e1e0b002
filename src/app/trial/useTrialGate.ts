import type { SessionOrganization } from '@machines/session';
import { connectTrialGate, type TrialGateView, trialGateMachine } from '@machines/trialGate';
import { useActorRef } from '@src/ui/actorRef';
import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';

const sameView = (a: TrialGateView, b: TrialGateView) =>
  a.isBlocked === b.isBlocked &&
  a.daysLeft === b.daysLeft &&
  a.banner?.tone === b.banner?.tone &&
  a.banner?.message === b.banner?.message;

/**
 * Binds the trial-gate chart to the session and the router: the organization's plan and creation date,
 * the current path, and the clock (read when the app starts and whenever the tab becomes visible again;
 * the chart itself moves on when a trial day ends).
 */
export function useTrialGate(organization: SessionOrganization | null, pathname: string): TrialGateView {
  const planCode = organization?.planCode ?? null;
  const createdAt = organization?.createdAt ?? null;
  const actorRef = useActorRef(trialGateMachine, {
    input: { planCode, createdAt, pathname, now: Date.now() },
  });

  const sent = useRef({ planCode, createdAt, pathname });
  useEffect(() => {
    if (sent.current.planCode === planCode && sent.current.createdAt === createdAt) return;
    sent.current = { ...sent.current, planCode, createdAt };
    actorRef.send({ type: 'clock.tick', now: Date.now() });
    actorRef.send({ type: 'organization.change', planCode, createdAt });
  }, [actorRef, planCode, createdAt]);

  useEffect(() => {
    if (sent.current.pathname === pathname) return;
    sent.current = { ...sent.current, pathname };
    actorRef.send({ type: 'route.change', pathname });
  }, [actorRef, pathname]);

  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === 'visible') actorRef.send({ type: 'clock.tick', now: Date.now() });
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [actorRef]);

  return useSelector(actorRef, connectTrialGate, sameView);
}

import type { SsoSettings } from '@contract/sso';
import {
  connectSsoSettings,
  type SaveSsoSettingsInput,
  type SsoSettingsData,
  type SsoSettingsInput,
  type SsoSettingsView,
  ssoSettingsMachine,
} from '@machines/ssoSettings';
import { loadSsoSettings, saveSsoSettings } from '@src/api/sso';
import { useActorRef } from '@src/ui/actorRef';
import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { fromPromise } from 'xstate';

const machine = ssoSettingsMachine.provide({
  actors: {
    loadSettings: fromPromise<SsoSettingsData, { organizationId: string }>(({ input }) =>
      loadSsoSettings(input.organizationId),
    ),
    saveSettings: fromPromise<SsoSettings, SaveSsoSettingsInput>(({ input }) =>
      saveSsoSettings(input.organizationId, input.request),
    ),
  },
});

/** Binds the single sign-on settings chart to the API; returns its view model (commands included). */
export function useSsoSettings(input: SsoSettingsInput): SsoSettingsView {
  const actorRef = useActorRef(machine, { input });
  const snapshot = useSelector(actorRef, (current) => current);
  return useMemo(() => connectSsoSettings(snapshot, (event) => actorRef.send(event)), [snapshot, actorRef]);
}

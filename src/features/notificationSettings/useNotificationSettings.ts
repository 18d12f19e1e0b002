import {
  connectNotificationSettings,
  type NotificationSettingsView,
  notificationSettingsMachine,
} from '@machines/notificationSettings';
import {
  loadNotificationPreferences,
  loadPacingDigest,
  saveNotificationPreference,
  savePacingDigest,
} from '@src/api/notifications';
import { useActorRef } from '@src/ui/actorRef';
import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { fromPromise } from 'xstate';

const machine = notificationSettingsMachine.provide({
  actors: {
    loadPreferences: fromPromise(async () => {
      const [preferences, digest] = await Promise.all([loadNotificationPreferences(), loadPacingDigest()]);
      return { preferences, digest: digest.pacingDigest };
    }),
    saveDigest: fromPromise(({ input }) => savePacingDigest(input.pacingDigest)),
    savePreference: fromPromise(({ input }) => saveNotificationPreference(input.kind, input.email)),
  },
});

/** Settings → Notifications: the notificationSettings chart bound to the API. */
export function useNotificationSettings(): NotificationSettingsView {
  const actorRef = useActorRef(machine);
  const snapshot = useSelector(actorRef, (current) => current);
  return useMemo(
    () => connectNotificationSettings(snapshot, (event) => actorRef.send(event)),
    [snapshot, actorRef],
  );
}

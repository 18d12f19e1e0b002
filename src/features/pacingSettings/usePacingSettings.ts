import {
  connectPacingSettings,
  type PacingSettingsView,
  pacingSettingsMachine,
} from '@machines/pacingSettings';
import { loadPacingSettings, savePacingSettings } from '@src/api/pacing';
import { usePermission } from '@src/api/session/permission';
import { useActorRef } from '@src/ui/actorRef';
import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { fromPromise } from 'xstate';

const machine = pacingSettingsMachine.provide({
  actors: {
    loadSettings: fromPromise(() => loadPacingSettings()),
    saveSettings: fromPromise(({ input }) => savePacingSettings(input)),
  },
});

/** Settings → Pacing alerts: the pacingSettings chart bound to the API (`pacing.manage` to change). */
export function usePacingSettings(): PacingSettingsView {
  const permission = usePermission('pacing.manage');
  const actorRef = useActorRef(machine, {
    input: { canManage: permission.allowed, manageRefusal: permission.reason },
  });
  const snapshot = useSelector(actorRef, (current) => current);
  return useMemo(
    () => connectPacingSettings(snapshot, (event) => actorRef.send(event)),
    [snapshot, actorRef],
  );
}

import {
  connectIconUpload,
  type IconFile,
  type IconUploadResult,
  iconUploadMachine,
} from '@machines/iconUpload';
import {
  connectWhiteLabelSettings,
  type WhiteLabelField,
  type WhiteLabelState,
  type WhiteLabelUpdateRequest,
  whiteLabelSettingsMachine,
} from '@machines/whiteLabelSettings';
import { useRefreshSession } from '@src/api/session';
import { settingsApi } from '@src/api/settings';
import { useActorRef } from '@src/ui/actorRef';
import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { type ActorRefFrom, fromPromise } from 'xstate';

const settingsMachine = whiteLabelSettingsMachine.provide({
  actors: {
    loadSettings: fromPromise<WhiteLabelState>(() => settingsApi.whiteLabel()),
    saveSettings: fromPromise<WhiteLabelState, WhiteLabelUpdateRequest>(({ input }) =>
      settingsApi.updateWhiteLabel(input),
    ),
  },
});

const iconMachine = iconUploadMachine.provide({
  actors: {
    // The chart hands back the File it was given (an IconFile is the part of a File it reads).
    uploadIcon: fromPromise<IconUploadResult, IconFile>(({ input }) => settingsApi.uploadIcon(input as File)),
    removeIcon: fromPromise<IconUploadResult>(() => settingsApi.removeIcon()),
  },
});

export type WhiteLabelSettingsRef = ActorRefFrom<typeof settingsMachine>;

/** Binds the white-label settings chart to the API; a save refreshes the session (title, colours, icon). */
export function useWhiteLabelSettings() {
  const actorRef = useActorRef(settingsMachine);
  const view = useSelector(actorRef, (snapshot) => connectWhiteLabelSettings(snapshot, actorRef.send));
  const refreshSession = useRefreshSession();
  const fieldRefs = useRef<Partial<Record<WhiteLabelField, HTMLInputElement | null>>>({});

  useEffect(() => {
    const subscription = actorRef.on('whiteLabel.saved', () => refreshSession());
    return () => subscription.unsubscribe();
  }, [actorRef, refreshSession]);

  return {
    actorRef,
    view,
    fieldRef: (field: WhiteLabelField) => (element: HTMLInputElement | null) => {
      fieldRefs.current[field] = element;
    },
    changeField: view.changeField,
    setEnabled: view.setEnabled,
    save: () => {
      view.submit();
      const errors = connectWhiteLabelSettings(actorRef.getSnapshot(), actorRef.send).fieldErrors;
      const first = (['brandName', 'primaryHex', 'navbarHex'] as const).find((field) => errors[field]);
      if (first) fieldRefs.current[first]?.focus();
    },
    discard: view.discard,
    retry: view.retry,
  };
}

/**
 * Binds the icon chart to the API. A changed icon refreshes the session (navbar, favicon); a
 * REQUIRES_UPGRADE answer tells the settings chart, which shows the upgrade notice.
 */
export function useIconUpload(iconUrl: string | null, settings: WhiteLabelSettingsRef) {
  const actorRef = useActorRef(iconMachine, { input: { iconUrl } });
  const view = useSelector(actorRef, (snapshot) => connectIconUpload(snapshot, actorRef.send));
  const refreshSession = useRefreshSession();

  useEffect(() => {
    const changed = actorRef.on('icon.changed', () => refreshSession());
    const upgrade = actorRef.on('upgrade.required', () => settings.send({ type: 'upgrade.required' }));
    return () => {
      changed.unsubscribe();
      upgrade.unsubscribe();
    };
  }, [actorRef, refreshSession, settings]);

  return {
    view,
    selectFile: view.selectFile,
    remove: view.remove,
  };
}

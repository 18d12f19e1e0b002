import type { Asset, MediaKind } from '@contract/creative';
import {
  type AssetUploadEvent,
  assetUploadMachine,
  connectAssetUpload,
  type UploadAssetInput,
} from '@machines/assetUpload';
import { uploadAsset } from '@src/api/assets';
import { useActorRef } from '@src/ui/actorRef';
import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { fromCallback } from 'xstate';

/** The upload chart with the real request: XMLHttpRequest's progress, and abort when the chart stops it. */
const machine = assetUploadMachine.provide({
  actors: {
    uploadAsset: fromCallback<AssetUploadEvent, UploadAssetInput>(({ input, sendBack }) =>
      uploadAsset(input.file as File, {
        progress: (loaded, total) => sendBack({ type: 'upload.progress', loaded, total }),
        sent: () => sendBack({ type: 'upload.sent' }),
        accepted: (asset) => sendBack({ type: 'upload.accepted', asset }),
        refused: (error) => sendBack({ type: 'upload.refused', error }),
      }),
    ),
  },
});

/** One ad's upload control: the chart's view model; an accepted asset goes to `onAccepted`. */
export function useAssetUpload(kind: MediaKind, onAccepted: (asset: Asset) => void) {
  const actor = useActorRef(machine, { input: { kind } });
  useEffect(() => {
    const subscription = actor.on('asset.accepted', (event) => onAccepted(event.asset));
    return () => subscription.unsubscribe();
  }, [actor, onAccepted]);
  return useSelector(actor, (snapshot) => connectAssetUpload(snapshot, actor.send), sameView);
}

const sameView = (a: { phase: string; percent: number; error: string | null }, b: typeof a) =>
  a.phase === b.phase &&
  a.percent === b.percent &&
  a.error === b.error &&
  JSON.stringify(a) === JSON.stringify(b);

/** What each state of the asset upload promises (chart input: an image ad). */
import { connectAssetUpload } from '@machines/assetUpload/assetUpload.connect';
import { assetUploadMachine } from '@machines/assetUpload/assetUpload.machine';
import { defineOracle, expectEqual, expectFields, type OracleCheck } from '../oracle';
import { formMessage } from './shared';

type Machine = typeof assetUploadMachine;
type Step = Parameters<OracleCheck<Machine>>[0];
const view = (step: Step) => connectAssetUpload(step.snapshot, () => {});
/** Spec: the library takes images up to 30 MB. */
const IMAGE_CAP = 30 * 1024 * 1024;

export const assetUploadOracle = defineOracle(assetUploadMachine, {
  always: (step) => {
    expectEqual(view(step).accept, 'image/png,image/jpeg,image/webp', 'the picker offers images');
    const announced = step.event.type === 'upload.accepted';
    expectEqual(
      step.emitted,
      announced ? [{ type: 'asset.accepted', asset: step.event.asset }] : [],
      'announced to the ad',
    );
  },
  states: {
    idle: (step) =>
      expectFields(view(step), { phase: 'idle', busy: false, error: null, asset: null, canCancel: false }),
    choosing: (step) => expectFields(view(step), { phase: 'choosing', busy: false, error: null }),
    'transfer.uploading': (step) => {
      const { loaded, total } =
        step.event.type === 'upload.progress'
          ? (step.event as unknown as { loaded: number; total: number })
          : { loaded: 0, total: step.context.file?.size ?? 0 };
      expectFields(view(step), {
        phase: 'uploading',
        busy: true,
        canCancel: true,
        percent: Math.round((loaded / total) * 100),
        fileName: 'spring.png',
      });
    },
    'transfer.checking': (step) =>
      expectFields(view(step), {
        phase: 'checking',
        busy: true,
        canCancel: false,
        progressLabel: 'Checking…',
      }),
    accepted: (step) =>
      expectFields(view(step), { phase: 'accepted', busy: false, asset: step.event.asset, error: null }),
    refused: (step) => {
      const tooLarge = step.event.type === 'file.select';
      expectFields(view(step), {
        phase: 'refused',
        busy: false,
        error: tooLarge ? 'Images are at most 30 MB' : formMessage(step.event.error),
        // Sending the same file again helps only when it was not over the cap.
        canRetry: (step.context.file?.size ?? 0) <= IMAGE_CAP,
      });
    },
  },
});

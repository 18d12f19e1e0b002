import type { AssetUploadEvent, UploadAssetInput } from '@machines/assetUpload';
import { assetUploadMachine, connectAssetUpload } from '@machines/assetUpload';
import { SAMPLE_IMAGE } from '@machines/planning/planningCreative/planningCreative.samples';
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback } from 'xstate';

function start() {
  const aborted = vi.fn();
  let sendBack: (event: AssetUploadEvent) => void = () => {};
  const uploads: UploadAssetInput[] = [];
  const actor = createActor(
    assetUploadMachine.provide({
      actors: {
        uploadAsset: fromCallback<AssetUploadEvent, UploadAssetInput>(({ sendBack: back, input }) => {
          sendBack = back;
          uploads.push(input);
          return aborted;
        }),
      },
    }),
    { input: { kind: 'image' } },
  ).start();
  const accepted: unknown[] = [];
  actor.on('asset.accepted', (event) => accepted.push(event.asset));
  const view = () => connectAssetUpload(actor.getSnapshot(), actor.send);
  const server = (event: AssetUploadEvent) => sendBack(event);
  return { actor, view, server, aborted, uploads, accepted };
}

const png = { name: 'spring.png', type: 'image/png', size: 2 * 1024 * 1024 };

describe('asset upload', () => {
  it('shows the progress, then “Checking…”, then hands the accepted asset to the ad', () => {
    const { view, server, uploads, accepted } = start();
    view().choose();
    view().select(png);
    expect(uploads).toEqual([{ file: png }]);
    server({ type: 'upload.progress', loaded: 512 * 1024, total: png.size });
    expect(view()).toMatchObject({ phase: 'uploading', percent: 25, progressLabel: '512 KB of 2 MB' });
    server({ type: 'upload.sent' });
    expect(view()).toMatchObject({ phase: 'checking', progressLabel: 'Checking…', canCancel: false });
    server({ type: 'upload.accepted', asset: SAMPLE_IMAGE });
    expect(view()).toMatchObject({ phase: 'accepted', asset: SAMPLE_IMAGE });
    expect(accepted).toEqual([SAMPLE_IMAGE]);
  });

  it('cancel stops the request and goes back to the start', () => {
    const { view, aborted } = start();
    view().choose();
    view().select(png);
    view().cancel();
    expect(aborted).toHaveBeenCalledTimes(1);
    expect(view()).toMatchObject({ phase: 'idle', fileName: null, busy: false });
  });

  it('a refusal shows the server’s reason; Try again sends the same file', () => {
    const { view, server, uploads } = start();
    view().choose();
    view().select({ ...png, name: 'notes.png' });
    server({ type: 'upload.refused', error: { status: 415, message: 'This file is not an image' } });
    expect(view()).toMatchObject({ phase: 'refused', error: 'This file is not an image', canRetry: true });
    view().retry();
    expect(uploads.map((u) => u.file.name)).toEqual(['notes.png', 'notes.png']);
  });

  it('a file over the library’s cap is refused before it is sent', () => {
    const { view, uploads } = start();
    view().choose();
    view().select({ ...png, size: 31 * 1024 * 1024 });
    expect(view()).toMatchObject({ phase: 'refused', error: 'Images are at most 30 MB', canRetry: false });
    expect(uploads).toEqual([]);
  });
});

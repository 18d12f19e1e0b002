/**
 * The `assetUpload` chart's generated paths, replayed in the upload control of the creative step's only ad
 * (/planning/wizard/{id}/creative over a plan with Meta alone, its one single-image ad). Files are chosen
 * the way a person does in the file picker (`user.upload`; the picker's filter is a hint a person can
 * switch to “All files”, hence `applyAccept: false`), or set on the input without it (a drop, automation);
 * closing the picker without a file is its `cancel` event. The upload is XMLHttpRequest (for its progress): a fake one stands in for the network, and the
 * path's steps are its events (progress, every byte sent, the answer, a network failure).
 */
import { metaAtCreative } from '../../support/planningFixtures';
import '../support/matchers';
import type { Asset } from '@contract/creative';
import { getChart } from '@machines';
import type { AssetUploadContext, UploadFile } from '@machines/assetUpload';
import { NETWORK_ERROR_MESSAGE } from '@machines/shared/errors';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, vi } from 'vitest';
import { snapshotOf } from '../../paths/viewActors';
import { describeViewPathTests, type ViewStep } from '../../paths/viewPathTests';
import { renderWizardStep } from '../support/wizardStepPaths';

// Watch the view's actor (tests/paths/viewActors.ts); vitest hoists this above every import.
vi.mock('@xstate/react', async (importOriginal) =>
  (await import('../../paths/viewActors')).inspectingXStateReact(importOriginal),
);

const realFetch = globalThis.fetch;
const RealXHR = globalThis.XMLHttpRequest;
afterEach(() => {
  globalThis.fetch = realFetch;
  globalThis.XMLHttpRequest = RealXHR;
});

/** Just what src/api/assets.ts uses of XMLHttpRequest; the test plays the network. */
class FakeXHR {
  static sent: FakeXHR[] = [];
  url = '';
  status = 0;
  responseText = '';
  aborted = false;
  body: unknown;
  withCredentials = false;
  upload: { onprogress?: (e: unknown) => void; onload?: () => void } = {};
  onload?: () => void;
  onerror?: () => void;
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader() {}
  send(body: unknown) {
    this.body = body;
    FakeXHR.sent.push(this);
  }
  abort() {
    this.aborted = true;
  }
}
const request = () => {
  const xhr = FakeXHR.sent.at(-1);
  if (!xhr || xhr.aborted) throw new Error('no upload on its way');
  return xhr;
};

const creative = getChart('planningCreative');
const AD = 'Meta ad 1';

const context = (state: { context: unknown }) => state.context as AssetUploadContext;
const card = () => screen.getByRole('article', { name: AD });
const fileInput = () => within(card()).getByLabelText<HTMLInputElement>(`Upload image for ${AD}`);
const alertText = () =>
  within(card())
    .queryAllByRole('alert')
    .map((a) => a.textContent ?? '')
    .join(' ');

describeViewPathTests<{ user: ReturnType<typeof userEvent.setup> }>({
  chart: getChart('assetUpload'),
  clock: 'real',
  compareContext: ({ file, loaded, total, asset, error }: AssetUploadContext) => ({
    file: file ? { name: file.name, size: file.size } : null,
    loaded,
    total,
    asset,
    error,
  }),
  async render() {
    FakeXHR.sent = [];
    globalThis.XMLHttpRequest = FakeXHR as unknown as typeof XMLHttpRequest;
    await renderWizardStep(creative, 'creative', 'Meta', { served: metaAtCreative });
    return { user: userEvent.setup({ delay: null, applyAccept: false }) };
  },
  events: {
    'upload.choose': ({ user }) => user.click(fileInput()),
    'choose.cancel': () => {
      fireEvent(fileInput(), new Event('cancel'));
    },
    'file.select': async ({ user }, { event }, run) => {
      const { name, type, size } = event.file as UploadFile;
      const file = new File([new Uint8Array(size)], name, { type });
      if (snapshotOf(run.watched).matches('choosing')) return user.upload(fileInput(), file);
      // Without the picker: a file set on the input directly (dropped, or by automation).
      fireEvent.change(fileInput(), { target: { files: [file] } });
    },
    'upload.progress': (_view, { event }) => {
      request().upload.onprogress?.({ loaded: event.loaded, total: event.total, lengthComputable: true });
    },
    'upload.sent': () => request().upload.onload?.(),
    'upload.accepted': (_view, { event }) => {
      const xhr = request();
      xhr.status = 201;
      xhr.responseText = JSON.stringify(event.asset);
      xhr.onload?.();
    },
    'upload.refused': (_view, { event }) => {
      const xhr = request();
      const error = event.error as { status?: number; message: string };
      if (typeof error.status !== 'number') return xhr.onerror?.();
      xhr.status = error.status;
      xhr.responseText = JSON.stringify({ message: error.message });
      xhr.onload?.();
    },
    'upload.cancel': ({ user }) => user.click(within(card()).getByRole('button', { name: 'Cancel upload' })),
    'upload.retry': ({ user }) => user.click(within(card()).getByRole('button', { name: 'Try again' })),
  },
  states: {
    idle: async (_view, { event }: ViewStep) => {
      await waitFor(() => expect(fileInput()).not.toBeDisabled());
      expect(within(card()).queryByRole('progressbar')).not.toBeInTheDocument();
      expect(alertText()).not.toMatch(/\S/);
      // A cancelled upload's request is stopped (the server keeps nothing of it).
      if (event.type === 'upload.cancel') expect(FakeXHR.sent.at(-1)?.aborted).toBe(true);
    },
    choosing: async () => {
      expect(fileInput()).not.toBeDisabled();
      expect(within(card()).queryByRole('progressbar')).not.toBeInTheDocument();
    },
    'transfer.uploading': async (_view, { state }: ViewStep) => {
      const { loaded, total, file } = context(state);
      const bar = await within(card()).findByRole('progressbar', { name: `Uploading ${file?.name}` });
      await waitFor(() => expect(bar).toHaveAttribute('value', String(Math.round((loaded / total) * 100))));
      expect(fileInput()).toBeDisabled();
      expect(within(card()).getByRole('button', { name: 'Cancel upload' })).toBeInTheDocument();
      // The file itself is the body, its name in the query.
      expect(request().url).toBe(`/api/assets?name=${encodeURIComponent(file?.name ?? '')}`);
      expect((request().body as File).name).toBe(file?.name);
    },
    'transfer.checking': async () => {
      expect(await within(card()).findByText('Checking…')).toBeInTheDocument();
      expect(within(card()).queryByRole('button', { name: 'Cancel upload' })).not.toBeInTheDocument();
    },
    accepted: async (_view, { state }: ViewStep) => {
      // The accepted picture is the ad's now (a single-image ad takes it in place of the old one).
      const asset = context(state).asset as Asset;
      const pictures = within(card()).getByRole('list', { name: `${AD} image` });
      await waitFor(() => expect(pictures).toHaveTextContent(asset.name));
      expect(fileInput()).not.toBeDisabled();
    },
    refused: async (_view, { state }: ViewStep) => {
      const { error, file } = context(state);
      await waitFor(() => expect(alertText()).toContain(error ?? NETWORK_ERROR_MESSAGE));
      expect(alertText()).toContain(file?.name ?? '');
      const retry = within(card()).queryByRole('button', { name: 'Try again' });
      expect(Boolean(retry)).toBe((file?.size ?? 0) <= 30 * 1024 * 1024);
    },
  },
});

/**
 * The `iconUpload` chart's generated paths, replayed in the real brand icon field of the white-label
 * settings page (/settings/white-label). PUT and DELETE /api/organization/white-label/icon wait for the
 * path's steps; the page itself gets the settings fake server (no icon yet, as the chart's input says).
 * Files are chosen the way a person does in the file picker (`user.upload`; the picker's type filter is a
 * hint a person can switch to “All files”, hence `applyAccept: false`).
 */
import '../support/matchers';
import { getChart } from '@machines';
import type { IconFile, IconUploadContext } from '@machines/iconUpload';
import { NETWORK_ERROR_MESSAGE } from '@machines/shared/errors';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, vi } from 'vitest';
import { describeViewPathTests } from '../../paths/viewPathTests';
import { json } from '../support/fakeApi';
import { type HeldServer, heldServer } from '../support/heldServer';
import { renderApp } from '../support/renderApp';
import { organization, settingsServer } from '../support/settingsServer';

// Watch the view's actor (tests/paths/viewActors.ts); vitest hoists this above every import.
vi.mock('@xstate/react', async (importOriginal) =>
  (await import('../../paths/viewActors')).inspectingXStateReact(importOriginal),
);

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

interface PageView {
  server: HeldServer;
  user: ReturnType<typeof userEvent.setup>;
}

const ICON = '/api/organization/white-label/icon';
const UPLOAD = (request: { method: string; path: string }) =>
  request.method === 'PUT' && request.path === ICON;
const REMOVE = (request: { method: string; path: string }) =>
  request.method === 'DELETE' && request.path === ICON;

const context = (state: { context: unknown }) => state.context as IconUploadContext;
const fileInput = () => screen.getByLabelText<HTMLInputElement>(/^(Upload icon|Replace icon|Uploading…)$/);
const iconGroup = () => screen.getByRole('group', { name: 'Icon' });

/** The organization the server answers with, carrying the icon at `iconUrl` (or none). */
const withIcon = (iconUrl: string | null) =>
  organization({ whiteLabelIconUuid: iconUrl ? iconUrl.slice(iconUrl.lastIndexOf('/') + 1) : null });

const UPGRADE_TITLE = 'White-labelling is not in your plan';
const describeError = (error: unknown) =>
  typeof (error as { status?: unknown }).status === 'number'
    ? (error as { message: string }).message
    : NETWORK_ERROR_MESSAGE;
const isUpgrade = (event: Record<string, unknown>) =>
  (event.error as { errorCode?: string } | undefined)?.errorCode === 'REQUIRES_UPGRADE';

describeViewPathTests<PageView>({
  chart: getChart('iconUpload'),
  compareContext: ({ iconUrl, file, error }: IconUploadContext) => ({
    iconUrl,
    error,
    file: file ? { name: file.name, type: file.type, size: file.size } : null,
  }),
  async render() {
    settingsServer();
    const server = heldServer({
      hold: (request) => UPLOAD(request) || REMOVE(request),
      fallback: globalThis.fetch,
    });
    renderApp('/settings/white-label');
    await screen.findByLabelText('Upload icon');
    return { server, user: userEvent.setup({ delay: null, applyAccept: false }) };
  },
  events: {
    'file.select': ({ user }, { event }) => {
      const { name, type, size } = event.file as IconFile;
      return user.upload(fileInput(), new File([new Uint8Array(size)], name, { type }));
    },
    'icon.remove': ({ user }) => user.click(within(iconGroup()).getByRole('button', { name: 'Remove' })),
    'xstate.done.actor.uploadIcon': ({ server }, { event }) =>
      server.respond(UPLOAD, json(withIcon((event.output as { iconUrl: string | null }).iconUrl))),
    'xstate.error.actor.uploadIcon': ({ server }, { event }) =>
      server.answerWith(UPLOAD, { error: event.error }),
    'xstate.done.actor.removeIcon': ({ server }, { event }) =>
      server.respond(REMOVE, json(withIcon((event.output as { iconUrl: string | null }).iconUrl))),
    'xstate.error.actor.removeIcon': ({ server }, { event }) =>
      server.answerWith(REMOVE, { error: event.error }),
  },
  states: {
    idle: async (_view, { state, event }) => {
      const { iconUrl } = context(state);
      const group = iconGroup();
      if (iconUrl) {
        expect((await within(group).findByRole('img', { name: 'Brand icon' })).getAttribute('src')).toBe(
          iconUrl,
        );
        expect(within(group).getByRole('button', { name: 'Remove' })).not.toBeDisabled();
        expect(screen.getByLabelText('Replace icon')).toBe(fileInput());
      } else {
        expect(within(group).queryByRole('img', { name: 'Brand icon' })).not.toBeInTheDocument();
        expect(within(group).queryByRole('button', { name: 'Remove' })).not.toBeInTheDocument();
        expect(screen.getByLabelText('Upload icon')).toBe(fileInput());
      }
      expect(within(group).queryByRole('alert')).not.toBeInTheDocument();
      if (isUpgrade(event)) {
        // The settings page locks itself: the upgrade notice, the icon can no longer be changed.
        expect(await screen.findByText(UPGRADE_TITLE)).toBeInTheDocument();
        expect(fileInput()).toBeDisabled();
      } else {
        expect(screen.queryByText(UPGRADE_TITLE)).not.toBeInTheDocument();
        expect(fileInput()).not.toBeDisabled();
      }
    },
    rejected: async (_view, { state, event }) => {
      const { error } = context(state);
      const alert = await within(iconGroup()).findByRole('alert');
      expect(alert).toHaveTextContent(event.error !== undefined ? describeError(event.error) : error!);
      expect(fileInput()).toHaveAccessibleDescription(error!);
      expect(fileInput()).not.toBeDisabled();
    },
    uploading: () => {
      expect(screen.getByLabelText('Uploading…')).toBe(fileInput());
      expect(fileInput()).toBeDisabled();
      expect(within(iconGroup()).queryByRole('alert')).not.toBeInTheDocument();
    },
    removing: () => {
      expect(within(iconGroup()).getByRole('button', { name: 'Removing…' })).toBeDisabled();
      expect(fileInput()).toBeDisabled();
    },
  },
});

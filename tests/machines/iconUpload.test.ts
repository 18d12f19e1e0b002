import {
  connectIconUpload,
  ICON_MAX_BYTES,
  type IconFile,
  type IconUploadResult,
  iconUploadMachine,
} from '@machines/iconUpload';
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';

const ICON = '/api/brand-icons/00000000-0000-4000-8000-0000000000aa';

function start(options: {
  iconUrl?: string | null;
  upload?: (file: IconFile) => Promise<IconUploadResult>;
  remove?: () => Promise<IconUploadResult>;
}) {
  const uploadIcon = vi.fn(options.upload ?? (() => Promise.resolve({ iconUrl: ICON })));
  const removeIcon = vi.fn(options.remove ?? (() => Promise.resolve({ iconUrl: null })));
  const machine = iconUploadMachine.provide({
    actors: {
      uploadIcon: fromPromise(({ input }: { input: IconFile }) => uploadIcon(input)),
      removeIcon: fromPromise(() => removeIcon()),
    },
  });
  const actor = createActor(machine, { input: { iconUrl: options.iconUrl ?? null } });
  const changes: Array<string | null> = [];
  let upgrades = 0;
  actor.on('icon.changed', (event) => changes.push(event.iconUrl));
  actor.on('upgrade.required', () => upgrades++);
  actor.start();
  return {
    actor,
    uploadIcon,
    removeIcon,
    changes,
    upgrades: () => upgrades,
    view: () => connectIconUpload(actor.getSnapshot(), actor.send),
  };
}

const png = (size = 24_000): IconFile => ({ name: 'logo.png', type: 'image/png', size });

describe('brand icon upload', () => {
  it('accepts PNG, JPEG, WebP and SVG up to 2 MB', async () => {
    for (const type of ['image/png', 'image/jpeg', 'image/webp', 'image/svg+xml']) {
      const { actor, uploadIcon } = start({ upload: () => new Promise(() => {}) });
      actor.send({ type: 'file.select', file: { name: 'x', type, size: ICON_MAX_BYTES } });
      expect(actor.getSnapshot().value).toBe('uploading');
      expect(uploadIcon).toHaveBeenCalledTimes(1);
    }
  });

  it('refuses other types and larger files with the server’s words, and sends nothing', () => {
    const { actor, uploadIcon, view } = start({});
    actor.send({ type: 'file.select', file: { name: 'a.gif', type: 'image/gif', size: 10 } });
    expect(view().error).toBe('Upload a PNG, JPEG, WebP or SVG image');
    actor.send({ type: 'file.select', file: png(ICON_MAX_BYTES + 1) });
    expect(view().error).toBe('The image must be 2 MB or smaller');
    expect(uploadIcon).not.toHaveBeenCalled();
  });

  it('uploads the file, shows the stored icon and asks for a session refresh', async () => {
    const { actor, uploadIcon, changes, view } = start({});
    expect(view()).toMatchObject({ iconUrl: null, uploadLabel: 'Upload icon', canRemove: false });
    const file = png();
    actor.send({ type: 'file.select', file });
    expect(uploadIcon).toHaveBeenCalledWith(file);
    expect(view()).toMatchObject({
      isUploading: true,
      isBusy: true,
      uploadingName: 'logo.png',
      uploadLabel: 'Uploading…',
    });
    await waitFor(actor, (s) => s.matches('idle'));
    expect(view()).toMatchObject({
      iconUrl: ICON,
      uploadLabel: 'Replace icon',
      canRemove: true,
      error: null,
    });
    expect(changes).toEqual([ICON]);
  });

  it('shows the server’s refusal and clears it with the next good file', async () => {
    let refuse = true;
    const { actor, view } = start({
      upload: () =>
        refuse
          ? Promise.reject({ status: 413, message: 'The image must be 2 MB or smaller' })
          : Promise.resolve({ iconUrl: ICON }),
    });
    actor.send({ type: 'file.select', file: png() });
    await waitFor(actor, (s) => s.matches('rejected'));
    expect(view().error).toBe('The image must be 2 MB or smaller');
    refuse = false;
    actor.send({ type: 'file.select', file: png() });
    expect(view().error).toBeNull();
    await waitFor(actor, (s) => s.matches('idle'));
    expect(view().iconUrl).toBe(ICON);
  });

  it('passes a REQUIRES_UPGRADE answer on to the settings page', async () => {
    const { actor, upgrades, view } = start({
      upload: () => Promise.reject({ status: 403, message: 'Upgrade', errorCode: 'REQUIRES_UPGRADE' }),
    });
    actor.send({ type: 'file.select', file: png() });
    await waitFor(actor, (s) => s.matches('idle'));
    expect(upgrades()).toBe(1);
    expect(view().error).toBeNull();
  });

  it('removes the icon', async () => {
    const { actor, removeIcon, changes, view } = start({ iconUrl: ICON });
    actor.send({ type: 'icon.remove' });
    expect(view()).toMatchObject({ isRemoving: true, canRemove: false });
    await waitFor(actor, (s) => s.matches('idle'));
    expect(removeIcon).toHaveBeenCalledTimes(1);
    expect(view().iconUrl).toBeNull();
    expect(changes).toEqual([null]);
  });

  it('does nothing on remove without an icon; says why a removal failed', async () => {
    const none = start({});
    none.actor.send({ type: 'icon.remove' });
    expect(none.removeIcon).not.toHaveBeenCalled();
    const failing = start({ iconUrl: ICON, remove: () => Promise.reject(new TypeError('Failed to fetch')) });
    failing.actor.send({ type: 'icon.remove' });
    await waitFor(failing.actor, (s) => s.matches('rejected'));
    expect(failing.view()).toMatchObject({
      iconUrl: ICON,
      error: 'Could not reach the server. Check your connection and try again.',
    });
  });
});

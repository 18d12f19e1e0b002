import {
  connectWhiteLabelSettings,
  isDirtyValues,
  readableTextOn,
  updateRequestOf,
  type WhiteLabelState,
  type WhiteLabelUpdateRequest,
  whiteLabelSettingsMachine,
} from '@machines/whiteLabelSettings';
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';

const stored = (overrides: Partial<WhiteLabelState> = {}): WhiteLabelState => ({
  hasFeature: true,
  isEnabled: false,
  brandName: '',
  primaryHex: '#05d197',
  navbarHex: '#ffffff',
  iconUrl: null,
  ...overrides,
});

/** What the server stores for a PATCH body. */
const storedFrom = (request: WhiteLabelUpdateRequest): WhiteLabelState =>
  stored({
    isEnabled: request.whiteLabelIsEnabled,
    brandName: request.whiteLabelBrandName ?? '',
    primaryHex: request.whiteLabelPrimaryHexCode,
    navbarHex: request.whiteLabelNavbarBackgroundHexCode,
  });

function start(options: {
  load?: () => Promise<WhiteLabelState>;
  save?: (request: WhiteLabelUpdateRequest) => Promise<WhiteLabelState>;
}) {
  const loadSettings = vi.fn(options.load ?? (() => Promise.resolve(stored())));
  const saveSettings = vi.fn(
    options.save ?? ((request: WhiteLabelUpdateRequest) => Promise.resolve(storedFrom(request))),
  );
  const machine = whiteLabelSettingsMachine.provide({
    actors: {
      loadSettings: fromPromise(() => loadSettings()),
      saveSettings: fromPromise(({ input }: { input: WhiteLabelUpdateRequest }) => saveSettings(input)),
    },
  });
  const actor = createActor(machine);
  let saved = 0;
  actor.on('whiteLabel.saved', () => saved++);
  actor.start();
  return {
    actor,
    loadSettings,
    saveSettings,
    savedCount: () => saved,
    view: () => connectWhiteLabelSettings(actor.getSnapshot(), actor.send),
  };
}

const ready = (actor: ReturnType<typeof start>['actor']) => waitFor(actor, (s) => s.matches('ready'));

describe('white-label helpers', () => {
  it('picks readable text: dark on light colours, white on dark ones', () => {
    expect(readableTextOn('#ffffff')).toBe('#111111');
    expect(readableTextOn('#05d197')).toBe('#111111');
    expect(readableTextOn('#1a1a2e')).toBe('#ffffff');
    expect(readableTextOn('#000000')).toBe('#ffffff');
    expect(readableTextOn('nonsense')).toBe('#111111');
  });

  it('normalises what it sends: trimmed name (empty clears it), lower-case colours', () => {
    expect(
      updateRequestOf({
        isEnabled: true,
        brandName: '  Acme Media ',
        primaryHex: ' #E94560',
        navbarHex: '#1A1A2E ',
      }),
    ).toEqual({
      whiteLabelIsEnabled: true,
      whiteLabelBrandName: 'Acme Media',
      whiteLabelPrimaryHexCode: '#e94560',
      whiteLabelNavbarBackgroundHexCode: '#1a1a2e',
    });
    expect(
      updateRequestOf({ isEnabled: false, brandName: '   ', primaryHex: '#05d197', navbarHex: '#ffffff' })
        .whiteLabelBrandName,
    ).toBeNull();
  });

  it('is dirty only when a normalised value differs', () => {
    const saved = { isEnabled: false, brandName: 'Acme', primaryHex: '#05d197', navbarHex: '#ffffff' };
    expect(isDirtyValues({ ...saved, brandName: ' Acme ', navbarHex: '#FFFFFF' }, saved)).toBe(false);
    expect(isDirtyValues({ ...saved, isEnabled: true }, saved)).toBe(true);
  });
});

describe('white-label settings', () => {
  it('loads the settings into an editable form', async () => {
    const { actor, view } = start({
      load: () => Promise.resolve(stored({ brandName: 'Acme', iconUrl: '/api/brand-icons/x' })),
    });
    expect(view()).toMatchObject({ isLoading: true, isDisabled: true });
    await ready(actor);
    expect(view()).toMatchObject({
      isLoading: false,
      needsUpgrade: false,
      isDisabled: false,
      isDirty: false,
      canSave: false,
      iconUrl: '/api/brand-icons/x',
      values: { brandName: 'Acme', primaryHex: '#05d197', navbarHex: '#ffffff', isEnabled: false },
      preview: { brandName: 'Acme', navbar: '#ffffff', onNavbar: '#111111', primary: '#05d197' },
    });
  });

  it('without the plan feature shows the upgrade notice and a disabled form', async () => {
    const { actor, view } = start({
      load: () => Promise.resolve(stored({ hasFeature: false, brandName: 'Old' })),
    });
    await waitFor(actor, (s) => s.matches('locked'));
    expect(view()).toMatchObject({
      needsUpgrade: true,
      isDisabled: true,
      canSave: false,
      values: { brandName: 'Old' },
    });
    actor.send({ type: 'field.change', field: 'brandName', value: 'New' });
    expect(view().values.brandName).toBe('Old');
  });

  it('checks colours and the brand name before sending, and moves the preview with valid colours only', async () => {
    const { actor, saveSettings, view } = start({});
    await ready(actor);
    actor.send({ type: 'field.change', field: 'navbarHex', value: '#1a1a2e' });
    expect(view().preview).toMatchObject({ navbar: '#1a1a2e', onNavbar: '#ffffff' });
    actor.send({ type: 'field.change', field: 'primaryHex', value: '#abc' });
    expect(view().preview.primary).toBe('#05d197');
    actor.send({ type: 'field.change', field: 'brandName', value: 'x'.repeat(61) });
    actor.send({ type: 'form.submit' });
    expect(view().fieldErrors).toEqual({
      brandName: 'Use at most 60 characters',
      primaryHex: 'Use a colour in the form #rrggbb',
      navbarHex: null,
    });
    expect(saveSettings).not.toHaveBeenCalled();
    actor.send({ type: 'field.change', field: 'primaryHex', value: '#E94560' });
    expect(view().fieldErrors.primaryHex).toBeNull();
  });

  it('saves, shows “saved” and asks the session to refresh', async () => {
    const { actor, saveSettings, savedCount, view } = start({});
    await ready(actor);
    actor.send({ type: 'enabled.change', value: true });
    actor.send({ type: 'field.change', field: 'brandName', value: ' Acme Media ' });
    actor.send({ type: 'field.change', field: 'navbarHex', value: '#1A1A2E' });
    expect(view()).toMatchObject({ isDirty: true, canSave: true, canDiscard: true });
    actor.send({ type: 'form.submit' });
    expect(view()).toMatchObject({ isSaving: true, isDisabled: true, submitLabel: 'Saving…' });
    expect(saveSettings).toHaveBeenCalledWith({
      whiteLabelIsEnabled: true,
      whiteLabelBrandName: 'Acme Media',
      whiteLabelPrimaryHexCode: '#05d197',
      whiteLabelNavbarBackgroundHexCode: '#1a1a2e',
    });
    await waitFor(actor, (s) => s.matches({ ready: 'saved' }));
    expect(view()).toMatchObject({
      isSaved: true,
      isDirty: false,
      values: { brandName: 'Acme Media', navbarHex: '#1a1a2e' },
    });
    expect(savedCount()).toBe(1);
    actor.send({ type: 'field.change', field: 'brandName', value: 'Acme' });
    expect(view().isSaved).toBe(false);
  });

  it('does not send an unchanged form; Discard goes back to the saved values', async () => {
    const { actor, saveSettings, view } = start({});
    await ready(actor);
    actor.send({ type: 'form.submit' });
    expect(saveSettings).not.toHaveBeenCalled();
    actor.send({ type: 'field.change', field: 'primaryHex', value: 'oops' });
    actor.send({ type: 'form.submit' });
    expect(view().fieldErrors.primaryHex).not.toBeNull();
    actor.send({ type: 'form.reset' });
    expect(view()).toMatchObject({
      isDirty: false,
      values: { primaryHex: '#05d197' },
      fieldErrors: { primaryHex: null },
    });
  });

  it('a REQUIRES_UPGRADE answer locks the form under the upgrade notice', async () => {
    const { actor, view, savedCount } = start({
      save: () =>
        Promise.reject({
          status: 403,
          message: 'Your plan does not include white-label branding. Upgrade to use it.',
          errorCode: 'REQUIRES_UPGRADE',
        }),
    });
    await ready(actor);
    actor.send({ type: 'enabled.change', value: true });
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (s) => s.matches('locked'));
    expect(view()).toMatchObject({ needsUpgrade: true, isDisabled: true, formError: null });
    expect(savedCount()).toBe(0);
  });

  it('maps the server’s field names onto the form, and shows other refusals above it', async () => {
    let answer: unknown = {
      status: 400,
      message: 'Invalid request',
      validationErrors: {
        whiteLabelBrandName: { message: 'Remove the control characters' },
        whiteLabelNavbarBackgroundHexCode: { message: 'Use a colour in the form #rrggbb' },
        whiteLabelPrimaryHexCode: { message: 'Use a colour in the form #rrggbb' },
      },
    };
    const { actor, view, saveSettings } = start({ save: () => Promise.reject(answer) });
    await ready(actor);
    actor.send({ type: 'field.change', field: 'brandName', value: 'Acme' });
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (s) => s.matches({ ready: 'failed' }));
    expect(view()).toMatchObject({
      formError: null,
      fieldErrors: {
        brandName: 'Remove the control characters',
        navbarHex: 'Use a colour in the form #rrggbb',
        primaryHex: 'Use a colour in the form #rrggbb',
      },
    });
    answer = new TypeError('Failed to fetch');
    actor.send({ type: 'field.change', field: 'brandName', value: 'Acme 2' });
    actor.send({ type: 'field.change', field: 'navbarHex', value: '#ffffff' });
    actor.send({ type: 'field.change', field: 'primaryHex', value: '#05d197' });
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (s) => s.matches({ ready: 'failed' }));
    expect(view().formError).toBe('Could not reach the server. Check your connection and try again.');
    expect(saveSettings).toHaveBeenCalledTimes(2);
  });

  it('another request’s REQUIRES_UPGRADE (the icon) locks the form too', async () => {
    const { actor, view } = start({});
    await ready(actor);
    actor.send({ type: 'upgrade.required' });
    expect(view().needsUpgrade).toBe(true);
  });

  it('says why the settings could not be loaded, and retries', async () => {
    let fail = true;
    const { actor, view } = start({
      load: () =>
        fail ? Promise.reject({ status: 404, message: 'No organization' }) : Promise.resolve(stored()),
    });
    await waitFor(actor, (s) => s.matches('loadFailed'));
    expect(view().loadError).toBe('No organization');
    fail = false;
    actor.send({ type: 'retry' });
    await ready(actor);
  });
});

import { AuthClientUsageError, createAuthClient, USAGE_ERROR_MESSAGES } from '@src/auth-client';
import {
  CLOSE_MESSAGE_EVENT,
  isLaunchOpen,
  launch,
  POPUP_DEFAULT_WIDTH,
  popupWidth,
  RESIZE_MESSAGE_EVENT,
  WINDOW_CLOSED_POLL_MS,
} from '@src/auth-client/launch';
import { afterEach, describe, expect, it, vi } from 'vitest';

const PROVIDER = 'https://provider.test';
const URL_ = `${PROVIDER}/challenge?token=abc`;

function post(data: unknown, origin: string, source: unknown) {
  const event = new MessageEvent('message', { data, origin });
  // jsdom's MessageEvent only takes a real Window as `source`; the launched frame/window is what counts.
  Object.defineProperty(event, 'source', { value: source });
  window.dispatchEvent(event);
}

function popupParts() {
  const dialog = document.querySelector('dialog');
  const frame = dialog?.querySelector('iframe') ?? null;
  return { dialog, frame };
}

afterEach(async () => {
  // Close whatever a test left open, so the single-instance guard starts free.
  const { dialog, frame } = popupParts();
  if (dialog && frame) post({ event: CLOSE_MESSAGE_EVENT }, PROVIDER, frame.contentWindow);
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  await Promise.resolve();
});

describe('popup mode', () => {
  it('opens a dialog with the URL in an iframe, 385 px wide and 384 px high, and resolves with the token of the close message', async () => {
    const result = launch(URL_, { mode: 'popup' });
    const { dialog, frame } = popupParts();
    expect(dialog).not.toBeNull();
    expect(dialog!.open).toBe(true);
    expect(dialog!.className).not.toBe('');
    expect(dialog!.style.getPropertyValue('width')).toBe('385px');
    expect(frame!.src).toBe(URL_);
    expect(frame!.style.getPropertyValue('height')).toBe('384px');
    expect(frame!.getAttribute('allow')).toContain('publickey-credentials-get');
    expect(isLaunchOpen()).toBe(true);

    post({ event: RESIZE_MESSAGE_EVENT, height: 512 }, PROVIDER, frame!.contentWindow);
    expect(frame!.style.getPropertyValue('height')).toBe('512px');
    post({ event: CLOSE_MESSAGE_EVENT, token: 'verified-token' }, PROVIDER, frame!.contentWindow);
    await expect(result).resolves.toEqual({ token: 'verified-token' });
    expect(document.querySelector('dialog')).toBeNull();
    expect(isLaunchOpen()).toBe(false);
  });

  it('ignores messages from any other origin or source, and malformed ones', async () => {
    const result = launch(URL_, { mode: 'popup' });
    const { frame } = popupParts();
    let settled = false;
    void result.then(() => {
      settled = true;
    });
    post({ event: CLOSE_MESSAGE_EVENT, token: 'forged' }, 'https://evil.test', frame!.contentWindow);
    post({ event: CLOSE_MESSAGE_EVENT, token: 'forged' }, window.location.origin, frame!.contentWindow);
    post({ event: CLOSE_MESSAGE_EVENT, token: 'forged' }, PROVIDER, window);
    post({ event: RESIZE_MESSAGE_EVENT, height: 900 }, 'https://evil.test', frame!.contentWindow);
    post({ event: RESIZE_MESSAGE_EVENT, height: -3 }, PROVIDER, frame!.contentWindow);
    post({ event: RESIZE_MESSAGE_EVENT, height: '700' }, PROVIDER, frame!.contentWindow);
    post('AUTHSIGNAL_CLOSE_POPUP', PROVIDER, frame!.contentWindow);
    await Promise.resolve();
    expect(settled).toBe(false);
    expect(frame!.style.getPropertyValue('height')).toBe('384px');
    expect(document.querySelector('dialog')).not.toBeNull();

    post({ event: CLOSE_MESSAGE_EVENT, token: 'real' }, PROVIDER, frame!.contentWindow);
    await expect(result).resolves.toEqual({ token: 'real' });
  });

  it('falls back to 385 px for an invalid width and uses a valid one', async () => {
    for (const width of [0, -10, Number.NaN, Number.POSITIVE_INFINITY, '400', null, undefined, {}]) {
      expect(popupWidth(width)).toBe(POPUP_DEFAULT_WIDTH);
    }
    expect(popupWidth(500)).toBe(500);
    const result = launch(URL_, { mode: 'popup', popupOptions: { width: 'wide' } });
    expect(popupParts().dialog!.style.getPropertyValue('width')).toBe('385px');
    post({ event: CLOSE_MESSAGE_EVENT }, PROVIDER, popupParts().frame!.contentWindow);
    await expect(result).resolves.toEqual({});
    const wide = launch(URL_, { mode: 'popup', popupOptions: { width: 480 } });
    expect(popupParts().dialog!.style.getPropertyValue('width')).toBe('480px');
    post({ event: CLOSE_MESSAGE_EVENT }, PROVIDER, popupParts().frame!.contentWindow);
    await wide;
  });

  it('allows one instance at a time: a second launch while one is open is refused', async () => {
    const first = launch(URL_, { mode: 'popup' });
    await expect(launch(URL_, { mode: 'popup' })).rejects.toThrow(
      new AuthClientUsageError(USAGE_ERROR_MESSAGES.popupAlreadyOpen),
    );
    await expect(launch(URL_, { mode: 'window' })).rejects.toThrow(USAGE_ERROR_MESSAGES.popupAlreadyOpen);
    expect(document.querySelectorAll('dialog')).toHaveLength(1);
    post({ event: CLOSE_MESSAGE_EVENT, token: 't1' }, PROVIDER, popupParts().frame!.contentWindow);
    await expect(first).resolves.toEqual({ token: 't1' });
    const again = launch(URL_, { mode: 'popup' });
    expect(document.querySelectorAll('dialog')).toHaveLength(1);
    post({ event: CLOSE_MESSAGE_EVENT }, PROVIDER, popupParts().frame!.contentWindow);
    await again;
  });

  it('closable by default (Escape, a click outside) without a token; not when isClosable is false', async () => {
    const closable = launch(URL_, { mode: 'popup' });
    popupParts().dialog!.dispatchEvent(new Event('cancel', { cancelable: true }));
    await expect(closable).resolves.toEqual({});
    expect(document.querySelector('dialog')).toBeNull();

    const backdrop = launch(URL_, { mode: 'popup' });
    popupParts().dialog!.click();
    await expect(backdrop).resolves.toEqual({});

    const fixed = launch(URL_, { mode: 'popup', popupOptions: { isClosable: false } });
    const escapeKey = new Event('cancel', { cancelable: true });
    popupParts().dialog!.dispatchEvent(escapeKey);
    popupParts().dialog!.click();
    expect(escapeKey.defaultPrevented).toBe(true);
    expect(document.querySelector('dialog')).not.toBeNull();
    post({ event: CLOSE_MESSAGE_EVENT, token: 'done' }, PROVIDER, popupParts().frame!.contentWindow);
    await expect(fixed).resolves.toEqual({ token: 'done' });
  });

  it('closes when the caller aborts', async () => {
    const controller = new AbortController();
    const result = launch(URL_, { mode: 'popup', signal: controller.signal });
    controller.abort();
    await expect(result).resolves.toEqual({});
    expect(document.querySelector('dialog')).toBeNull();
  });
});

describe('window mode', () => {
  function fakeWindow() {
    return {
      closed: false,
      close: vi.fn(function (this: { closed: boolean }) {
        this.closed = true;
      }),
    };
  }

  it('opens a 400 × 500 window centred over this one and resolves with the token of its close message', async () => {
    const opened = fakeWindow();
    const open = vi.spyOn(window, 'open').mockReturnValue(opened as unknown as Window);
    const result = launch(URL_, { mode: 'window' });
    const [url, target, features] = open.mock.calls[0]!;
    expect(url).toBe(URL_);
    expect(target).toBe('_blank');
    expect(features).toContain('width=400');
    expect(features).toContain('height=500');
    const host = window.top ?? window;
    expect(features).toContain(`left=${Math.round(host.screenX + (host.outerWidth - 400) / 2)}`);
    expect(features).toContain(`top=${Math.round(host.screenY + (host.outerHeight - 500) / 2)}`);

    post({ event: CLOSE_MESSAGE_EVENT, token: 'forged' }, 'https://evil.test', opened);
    post({ event: CLOSE_MESSAGE_EVENT, token: 'forged' }, PROVIDER, {});
    expect(opened.close).not.toHaveBeenCalled();
    post({ event: CLOSE_MESSAGE_EVENT, token: 'from-window' }, PROVIDER, opened);
    await expect(result).resolves.toEqual({ token: 'from-window' });
    expect(opened.close).toHaveBeenCalled();
    expect(isLaunchOpen()).toBe(false);
  });

  it('resolves without a token when the user closes the window', async () => {
    vi.useFakeTimers();
    const opened = fakeWindow();
    vi.spyOn(window, 'open').mockReturnValue(opened as unknown as Window);
    const result = launch(URL_, { mode: 'window' });
    opened.closed = true;
    await vi.advanceTimersByTimeAsync(WINDOW_CLOSED_POLL_MS);
    await expect(result).resolves.toEqual({});
    expect(isLaunchOpen()).toBe(false);
  });

  it('rejects when the browser blocks the window', async () => {
    vi.spyOn(window, 'open').mockReturnValue(null);
    await expect(launch(URL_, { mode: 'window' })).rejects.toThrow(USAGE_ERROR_MESSAGES.popupBlocked);
    expect(isLaunchOpen()).toBe(false);
  });
});

describe('redirect mode', () => {
  it('navigates this page to the URL (the default mode), through the client too', async () => {
    launch('#provider-redirect');
    expect(window.location.hash).toBe('#provider-redirect');
    await expect(
      createAuthClient({ tenantId: 't' }).launch('#via-client', { mode: 'redirect' }),
    ).resolves.toBeUndefined();
    expect(window.location.hash).toBe('#via-client');
  });
});

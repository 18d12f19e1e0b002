import { AuthClientUsageError, USAGE_ERROR_MESSAGES } from './messages';
import * as styles from './popup.css';

/**
 * Launch modes of the provider's hosted pre-built UI (spec §4 "Popup modes: redirect, popup, window").
 *
 * - `redirect`: the page navigates to the URL (nothing is returned; the provider redirects back).
 * - `popup`: a modal <dialog> on this page hosting the URL in an iframe, 385 px wide by default (an invalid
 *   width — not a positive finite number — falls back to 385), 384 px high at first and at most 95vh,
 *   resized whenever the frame posts its content height.
 * - `window`: a separate browser window of 400 × 500 px centred over this one.
 *
 * Popup and window resolve with the token the pre-built UI posts when it is done, or with no token when
 * the user closes them. Messages count only when they come from the launched frame/window AND their
 * `event.origin` is the URL's origin (the provider's): any other page's messages are ignored.
 *
 * Only one popup or window at a time: launching while one is open is refused (the promise rejects with an
 * AuthClientUsageError) rather than replacing it, so a second click cannot orphan the first caller's promise.
 */

/** The message the pre-built UI posts when it is done, carrying the token for the app server. */
export const CLOSE_MESSAGE_EVENT = 'AUTHSIGNAL_CLOSE_POPUP';
/** The message the pre-built UI posts when its content height changes: `{ event, height }` in px. */
export const RESIZE_MESSAGE_EVENT = 'AUTHSIGNAL_RESIZE_POPUP';

export const POPUP_DEFAULT_WIDTH = 385;
export const POPUP_INITIAL_HEIGHT = 384;
export const WINDOW_WIDTH = 400;
export const WINDOW_HEIGHT = 500;
/** How often window mode checks whether the user closed the window. */
export const WINDOW_CLOSED_POLL_MS = 500;

export interface PopupOptions {
  /** Width in px; anything but a positive finite number falls back to 385. */
  width?: unknown;
  /** Whether the user may close the popup (Escape, a click outside). Default true. */
  isClosable?: boolean;
}

export interface LaunchOptions {
  mode?: 'redirect' | 'popup' | 'window';
  popupOptions?: PopupOptions;
  /** Closes the popup/window from the outside (the promise then resolves without a token). */
  signal?: AbortSignal;
}

export interface LaunchResult {
  /** The token the pre-built UI handed back; missing when the user closed it first. */
  token?: string;
}

let open = false;

/** The popup width to use: `width` when it is a positive finite number, otherwise 385. */
export function popupWidth(width: unknown): number {
  return typeof width === 'number' && Number.isFinite(width) && width > 0 ? width : POPUP_DEFAULT_WIDTH;
}

export function launch(url: string, options: LaunchOptions & { mode: 'redirect' }): undefined;
export function launch(url: string, options?: LaunchOptions): Promise<LaunchResult>;
export function launch(url: string, options: LaunchOptions = {}): Promise<LaunchResult> | undefined {
  const mode = options.mode ?? 'redirect';
  if (mode === 'redirect') {
    window.location.assign(url);
    return undefined;
  }
  if (open) return Promise.reject(new AuthClientUsageError(USAGE_ERROR_MESSAGES.popupAlreadyOpen));
  const target = new URL(url, window.location.href);
  return mode === 'popup'
    ? openPopup(target, options.popupOptions ?? {}, options.signal)
    : openWindow(target, options.signal);
}

/** Whether a popup or window launched by this page is open. */
export function isLaunchOpen(): boolean {
  return open;
}

type Message =
  | { event: typeof CLOSE_MESSAGE_EVENT; token?: string }
  | { event: typeof RESIZE_MESSAGE_EVENT; height: number };

/** The message, if it is one of ours from the launched frame/window on the provider's origin. */
function providerMessage(
  event: MessageEvent,
  origin: string,
  source: MessageEventSource | null,
): Message | null {
  if (event.origin !== origin || !source || event.source !== source) return null;
  const data: unknown = event.data;
  if (!data || typeof data !== 'object') return null;
  const { event: name, token, height } = data as { event?: unknown; token?: unknown; height?: unknown };
  if (name === CLOSE_MESSAGE_EVENT)
    return typeof token === 'string' && token ? { event: name, token } : { event: name };
  if (name === RESIZE_MESSAGE_EVENT && typeof height === 'number' && Number.isFinite(height) && height > 0)
    return { event: name, height };
  return null;
}

function openPopup(target: URL, popupOptions: PopupOptions, signal?: AbortSignal): Promise<LaunchResult> {
  open = true;
  const isClosable = popupOptions.isClosable ?? true;
  const dialog = document.createElement('dialog');
  dialog.className = styles.dialog;
  dialog.setAttribute('aria-label', 'Confirm it’s you');
  dialog.style.setProperty('width', `${popupWidth(popupOptions.width)}px`);
  const frame = document.createElement('iframe');
  frame.className = styles.frame;
  frame.title = 'Authentication';
  // WebAuthn inside a frame of another origin needs the permissions delegated.
  frame.setAttribute('allow', 'publickey-credentials-get *; publickey-credentials-create *');
  frame.style.setProperty('height', `${POPUP_INITIAL_HEIGHT}px`);
  frame.src = target.href;
  dialog.append(frame);
  document.body.append(dialog);

  return new Promise<LaunchResult>((resolve) => {
    const finish = (result: LaunchResult) => {
      window.removeEventListener('message', onMessage);
      signal?.removeEventListener('abort', onAbort);
      if (dialog.open && typeof dialog.close === 'function') dialog.close();
      dialog.remove();
      open = false;
      resolve(result);
    };
    const onMessage = (event: MessageEvent) => {
      const message = providerMessage(event, target.origin, frame.contentWindow);
      if (!message) return;
      if (message.event === RESIZE_MESSAGE_EVENT) frame.style.setProperty('height', `${message.height}px`);
      else finish(message.token ? { token: message.token } : {});
    };
    const onAbort = () => finish({});
    // Escape: the dialog's `cancel` event. A click on the dialog itself (not its frame) is on the backdrop.
    dialog.addEventListener('cancel', (event) => {
      event.preventDefault();
      if (isClosable) finish({});
    });
    dialog.addEventListener('click', (event) => {
      if (isClosable && event.target === dialog) finish({});
    });
    window.addEventListener('message', onMessage);
    if (signal?.aborted) return onAbort();
    signal?.addEventListener('abort', onAbort, { once: true });
    if (typeof dialog.showModal === 'function') dialog.showModal();
    else dialog.setAttribute('open', '');
  });
}

function openWindow(target: URL, signal?: AbortSignal): Promise<LaunchResult> {
  const host = window.top ?? window;
  const left = Math.round(host.screenX + (host.outerWidth - WINDOW_WIDTH) / 2);
  const top = Math.round(host.screenY + (host.outerHeight - WINDOW_HEIGHT) / 2);
  const features = `popup=yes,width=${WINDOW_WIDTH},height=${WINDOW_HEIGHT},left=${left},top=${top}`;
  const opened = window.open(target.href, '_blank', features);
  if (!opened) return Promise.reject(new AuthClientUsageError(USAGE_ERROR_MESSAGES.popupBlocked));
  open = true;
  return new Promise<LaunchResult>((resolve) => {
    const finish = (result: LaunchResult) => {
      window.removeEventListener('message', onMessage);
      signal?.removeEventListener('abort', onAbort);
      clearInterval(closedPoll);
      if (!opened.closed) opened.close();
      open = false;
      resolve(result);
    };
    const onMessage = (event: MessageEvent) => {
      const message = providerMessage(event, target.origin, opened);
      if (message?.event === CLOSE_MESSAGE_EVENT) finish(message.token ? { token: message.token } : {});
    };
    const onAbort = () => finish({});
    const closedPoll = setInterval(() => {
      if (opened.closed) finish({});
    }, WINDOW_CLOSED_POLL_MS);
    window.addEventListener('message', onMessage);
    if (signal?.aborted) return onAbort();
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

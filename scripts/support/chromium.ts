import { existsSync } from 'node:fs';

/**
 * The Chromium the browser tests and the page benchmark drive: Debian's headless shell when it is installed
 * (`.ci/run` installs it), the full browser otherwise; `CHROMIUM_PATH` names another.
 *
 * Why the headless shell: the full browser's headless mode runs the whole browser (its UI in a WebUI renderer
 * of its own, the GPU process) beside each page; the shell is the page engine alone. On the same twelve
 * step-up and security journeys it used 23 s of CPU where the full browser used 31 s (docs/testing.md).
 * Both speak the same DevTools protocol, so WebAuthn's virtual authenticators work alike.
 */
export const CHROMIUM_PATH =
  process.env.CHROMIUM_PATH ??
  ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((file) => existsSync(file)) ??
  '/usr/bin/chromium';

/** This machine's network is closed: without the background-networking switches Chromium keeps dialling out. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

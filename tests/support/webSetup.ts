import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';

// Screens load lazily (a dynamic import per route, transformed on first use): give `findBy…` time for it.
// Waits end when the view shows what is awaited; the limit is a guard sized for a slow, busy machine.
configure({ asyncUtilTimeout: 15_000 });

// Ark UI's Drawer measures itself; jsdom has no layout.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
} as unknown as typeof ResizeObserver;

// Ark UI's Select scrolls the highlighted option into view; jsdom has no scrolling.
Element.prototype.scrollTo ??= () => {};
Element.prototype.scrollIntoView ??= () => {};

// jsdom has no layout: every pointer event user-event sends is at (0, 0). Ark UI's focus-visible tracking
// (@zag-js/focus-visible) ignores a pointer move to the point of the previous pointer event, so opening a menu
// and then hovering an item went unseen whenever the tracking had started before the click's last event (a
// matter of timing, or of an earlier test): the item was never highlighted and clicking it selected nothing.
// A real pointer that reaches another element has moved: before each move at (0, 0), one elsewhere.
function moveFirstElsewhere(event: Event) {
  const { clientX, clientY } = event as PointerEvent;
  if (clientX !== 0 || clientY !== 0) return;
  document.dispatchEvent(new PointerEvent('pointermove', { clientX: -1, clientY: -1 }));
}
// Per file, not at import: without module isolation this file runs again for every test file, on one page.
beforeAll(() => window.addEventListener('pointermove', moveFirstElsewhere, true));
afterAll(() => window.removeEventListener('pointermove', moveFirstElsewhere, true));

// The tracking also keeps its listeners and the input modality for the life of the page, and the files share
// one page (no module isolation: vitest.config.ts). Each test ends it as a page unload does (`beforeunload`),
// so the next starts as on a new page.
afterEach(() => {
  cleanup();
  window.dispatchEvent(new Event('beforeunload'));
});

// A file's end cuts any module load still in flight (a screen the app preloads and the test never waited for),
// and without module isolation that module and its importers then stay failed for every later file of the
// worker (seen once: a suite failing on "Cannot load … after the environment was torn down"). Let them land.
afterAll(() => vi.dynamicImportSettled());

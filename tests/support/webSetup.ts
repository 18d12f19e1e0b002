import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Screens load lazily (a dynamic import per route, transformed on first use): give `findBy…` time for it.
configure({ asyncUtilTimeout: 5000 });

// Ark UI's Drawer measures itself; jsdom has no layout.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
} as unknown as typeof ResizeObserver;

// Ark UI's Select scrolls the highlighted option into view; jsdom has no scrolling.
Element.prototype.scrollTo ??= () => {};
Element.prototype.scrollIntoView ??= () => {};

// Ark UI's focus-visible tracking (@zag-js/focus-visible) keeps, for the life of the page, the last pointer
// position and ignores a pointer move to that same point. Under jsdom every pointer event is at (0, 0), so once
// one test's clicks were tracked, a later test's hover on a menu item is ignored, the item is never highlighted
// and clicking it selects nothing. The files share one page (no module isolation: vitest.config.ts), so each
// test ends it as a page unload does: move the pointer off (0, 0), then `beforeunload`, on which the tracking
// removes its listeners (the next menu installs them afresh, as on a new page).
afterEach(() => {
  cleanup();
  document.dispatchEvent(new PointerEvent('pointermove', { clientX: -1, clientY: -1 }));
  window.dispatchEvent(new Event('beforeunload'));
});

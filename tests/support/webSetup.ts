import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(cleanup);

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

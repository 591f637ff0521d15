import { notifications } from '@mantine/notifications';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

/**
 * What Mantine needs of a browser that happy-dom leaves out: media queries (its colour scheme and `useMediaQuery`),
 * ResizeObserver (comboboxes, scroll areas), the font set (a textarea's autosize), scrolling an option into view.
 */
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }),
  });
}
if (!globalThis.ResizeObserver) {
  globalThis.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
Element.prototype.scrollIntoView ??= () => {};
if (!document.fonts) {
  Object.defineProperty(document, 'fonts', { configurable: true, value: new EventTarget() });
}

// Each test starts from an empty page, no toasts and the real fetch: a worker runs file after file (isolate: false).
afterEach(() => {
  cleanup();
  notifications.clean();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

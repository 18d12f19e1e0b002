import { type PointerEvent as ReactPointerEvent, useEffect, useRef } from 'react';

/**
 * Closes a bottom drawer dragged down by at least `threshold` of its height, with any pointer (mouse, pen,
 * touch).
 *
 * Why: Ark's Drawer (zag-js drawer 1.43) uses `closeThreshold` only for swiping a closed drawer open. On release
 * it dismisses when the drawer is nearer the closed position than its snap point — past half its height — or on
 * a fast flick (release velocity ≥ 400 px/s). A slow drag (a mouse, say) of 45 % sprang back. This hook
 * measures the drag itself: the pointer's way down from where it was pressed on the drawer, counted only while
 * Ark drags the drawer (`data-dragging` on its content, so scrolling or selecting text inside never closes it),
 * and calls `close` on release before Ark's own release handling (capture listeners on `window`).
 *
 * Spread the returned `onPointerDownCapture` on `Drawer.Content`.
 */
export function useSwipeCloseThreshold(threshold: number, close: () => void) {
  const start = useRef<{ pointerId: number; pointerType: string; y: number; content: HTMLElement } | null>(
    null,
  );
  const closeRef = useRef(close);
  closeRef.current = close;

  useEffect(() => {
    const release = (clientY: number) => {
      const pressed = start.current;
      start.current = null;
      if (!pressed) return;
      const { content } = pressed;
      if (!content.isConnected || !content.hasAttribute('data-dragging')) return;
      const height = content.getBoundingClientRect().height;
      if (height > 0 && clientY - pressed.y >= height * threshold) closeRef.current();
    };
    const onPointerUp = (event: PointerEvent) => {
      if (start.current?.pointerId === event.pointerId) release(event.clientY);
    };
    // A touch drag may end with the browser's pointercancel: Ark follows touch events, so do we.
    const onTouchEnd = (event: TouchEvent) => {
      const touch = event.changedTouches[0];
      if (start.current?.pointerType === 'touch' && touch) release(touch.clientY);
    };
    const onPointerCancel = (event: PointerEvent) => {
      if (start.current?.pointerId === event.pointerId && event.pointerType !== 'touch') start.current = null;
    };
    window.addEventListener('pointerup', onPointerUp, true);
    window.addEventListener('touchend', onTouchEnd, true);
    window.addEventListener('pointercancel', onPointerCancel, true);
    return () => {
      window.removeEventListener('pointerup', onPointerUp, true);
      window.removeEventListener('touchend', onTouchEnd, true);
      window.removeEventListener('pointercancel', onPointerCancel, true);
    };
  }, [threshold]);

  return {
    onPointerDownCapture(event: ReactPointerEvent<HTMLElement>) {
      if (event.button !== 0 && event.pointerType === 'mouse') return;
      start.current = {
        pointerId: event.pointerId,
        pointerType: event.pointerType,
        y: event.clientY,
        content: event.currentTarget,
      };
    },
  };
}

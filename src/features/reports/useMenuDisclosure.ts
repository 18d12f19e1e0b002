import { type KeyboardEvent, useEffect, useRef, useState } from 'react';

/**
 * A `<details>` used as a menu that behaves like one: a press outside it or Escape closes it (Escape gives
 * the focus back to its summary), so an open menu never hides the chips or the controls beside it.
 */
export function useMenuDisclosure() {
  const ref = useRef<HTMLDetailsElement>(null);
  const [open, setOpen] = useState(false);

  useEffect(() => {
    if (!open) return;
    const closeOutside = (event: PointerEvent) => {
      const menu = ref.current;
      if (menu && !menu.contains(event.target as Node)) menu.open = false;
    };
    document.addEventListener('pointerdown', closeOutside);
    return () => document.removeEventListener('pointerdown', closeOutside);
  }, [open]);

  return {
    ref,
    onToggle: () => setOpen(ref.current?.open ?? false),
    onKeyDown: (event: KeyboardEvent<HTMLDetailsElement>) => {
      const menu = ref.current;
      if (event.key !== 'Escape' || !menu?.open) return;
      menu.open = false;
      menu.querySelector('summary')?.focus();
    },
  };
}

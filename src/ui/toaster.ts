import { createToaster } from '@ark-ui/react/toast';

/**
 * The app's one toast store (Ark UI Toast). Pages call `toaster.success({ title })` to confirm what just
 * happened; `<AppToaster />` in the app shell renders them in a polite live region, so screen readers
 * announce them without moving focus.
 */
export const toaster = createToaster({
  placement: 'bottom-end',
  overlap: false,
  gap: 12,
  duration: 5000,
});

/**
 * Brings a form's first message into view and puts the keyboard there: the first field marked
 * `aria-invalid`, else the first element marked `data-field-error` (a message with no field of its own, such
 * as "Add an image"), in document order. What a planner needs after a Next that found the form unfinished.
 */
export function focusFirstError(container: HTMLElement | null): void {
  const first = container?.querySelector<HTMLElement>('[aria-invalid="true"], [data-field-error]');
  if (!first) return;
  first.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
  if (!first.matches('input, select, textarea, button, [tabindex]')) first.tabIndex = -1;
  first.focus({ preventScroll: true });
}

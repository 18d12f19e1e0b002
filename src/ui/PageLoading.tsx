import * as page from './authPage.css';

/** Shown while a page's code, its data or the session load. */
export function PageLoading({ inline = false, label = 'Loading…' }: { inline?: boolean; label?: string }) {
  return (
    <div className={inline ? page.inlineLoading : page.loading} role="status" aria-live="polite">
      <span className={page.spinner} aria-hidden="true" />
      {label}
    </div>
  );
}

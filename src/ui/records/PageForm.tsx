import type { PageFormView } from '@machines/shared/formView';
import type { FormEvent, ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { AlertRegion } from '../Alert';
import { Button } from '../Button';
import { button } from '../button.css';
import * as cardCss from '../card.css';
import * as formCss from '../form.css';
import * as recordCss from '../record.css';
import { UpgradeNoticeFor } from '../UpgradeNotice';

/** The card a page's form sits in, named for assistive technology. */
export function FormCard({ label, children }: { label: string; children: ReactNode }) {
  return (
    <section className={cardCss.card} aria-label={label}>
      <div className={recordCss.cardBody}>{children}</div>
    </section>
  );
}

/** What the frame takes of the form chart's view model (`connectPageForm`'s). */
export type PageFormFrame = Pick<
  PageFormView<unknown, string>,
  'formError' | 'failure' | 'isSubmitting' | 'isLocked' | 'submitLabel' | 'submit'
>;

/**
 * A page's form over its chart's view model: the upgrade notice and the server's message above the fields,
 * Cancel (a link to `cancelTo`) and the submit button under them; submitting sends `form.submit`.
 */
export function PageForm({
  view,
  cancelTo,
  children,
}: {
  view: PageFormFrame;
  cancelTo: string;
  children: ReactNode;
}) {
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    view.submit();
  };
  return (
    <form className={formCss.form} onSubmit={onSubmit} noValidate aria-busy={view.isSubmitting}>
      <UpgradeNoticeFor error={view.failure} />
      <AlertRegion message={view.formError} />
      {children}
      <div className={formCss.formActions}>
        <Link to={cancelTo} className={button.secondary}>
          Cancel
        </Link>
        <Button type="submit" variant="primary" disabled={view.isLocked}>
          {view.submitLabel}
        </Button>
      </div>
    </form>
  );
}

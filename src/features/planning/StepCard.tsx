import * as cardCss from '@src/ui/card.css';
import * as recordCss from '@src/ui/record.css';
import type { ReactNode } from 'react';

/** One step's panel: its title and what it is for, then its form. */
export function StepCard({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <section className={cardCss.card} aria-labelledby={`${id}-title`}>
      <header className={recordCss.cardHeader}>
        <div>
          <h2 id={`${id}-title`} className={cardCss.cardTitle}>
            {title}
          </h2>
          <p className={cardCss.cardText}>{description}</p>
        </div>
      </header>
      <div className={recordCss.cardBody}>{children}</div>
    </section>
  );
}

import { exportLinks } from '@src/api/exchange';
import { useId } from 'react';
import { button } from '../button.css';
import * as css from './exchange.css';

/**
 * “Export”: the plan as a MediaPlan Schema 3.0 JSON file, the flowchart as CSV and the insertion order as
 * PDF. Plain download links: the server names each file after the campaign.
 */
export function ExportMenu({ campaignId }: { campaignId: string }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={css.exportGroup}>
      <h2 id={headingId} className={css.exportLabel}>
        Export
      </h2>
      {exportLinks(campaignId).map((link) => (
        <a key={link.key} href={link.href} download className={button.secondary}>
          {link.label}
        </a>
      ))}
    </section>
  );
}

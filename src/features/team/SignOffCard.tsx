import type { Role } from '@contract/policy';
import { Button } from '@src/ui/Button';
import * as cardCss from '@src/ui/card.css';
import * as choicesCss from '@src/ui/choices.css';
import { Notice } from '@src/ui/settings/Notice';
import * as stateCss from '@src/ui/state.css';
import { useId } from 'react';
import * as css from './team.css';
import { useSignOffSetting } from './useSignOffSetting';

/** The Team page's “Client sign-off” card: the organization's “Launch needs sign-off” (issue 27). */
export function SignOffCard({ organizationId, role }: { organizationId: string; role: Role | null }) {
  const setting = useSignOffSetting(organizationId, role);
  const hintId = useId();
  const reasonId = useId();
  return (
    <section className={`${cardCss.card} ${css.section}`} aria-labelledby="team-sign-off">
      <h2 id="team-sign-off" className={css.sectionTitle}>
        Client sign-off
      </h2>
      {setting.isLoading ? (
        <p className={stateCss.stateText} aria-busy="true">
          Loading…
        </p>
      ) : setting.loadError ? (
        <Notice
          tone="error"
          title="The sign-off setting could not be loaded."
          actions={
            <Button variant="secondary" onClick={setting.retry}>
              Try again
            </Button>
          }
        >
          {setting.loadError}
        </Notice>
      ) : (
        <>
          <label className={choicesCss.choice}>
            <input
              type="checkbox"
              role="switch"
              aria-checked={setting.checked}
              checked={setting.checked}
              disabled={setting.isDisabled}
              aria-describedby={setting.disabledReason ? `${hintId} ${reasonId}` : hintId}
              onChange={(event) => setting.change(event.currentTarget.checked)}
            />
            <span className={choicesCss.choiceText}>
              <span>Launch needs sign-off{setting.isSaving ? ' (saving…)' : ''}</span>
              <span id={hintId} className={choicesCss.choiceHint}>
                Campaigns launch only once a client approved the plan as it is.
              </span>
            </span>
          </label>
          {setting.disabledReason ? (
            <p id={reasonId} className={css.reason}>
              {setting.disabledReason}
            </p>
          ) : null}
          {setting.notice ? (
            <Notice tone="success" onDismiss={setting.dismiss}>
              {setting.notice}
            </Notice>
          ) : null}
          {setting.error ? (
            <Notice tone="error" onDismiss={setting.dismiss}>
              {setting.error}
            </Notice>
          ) : null}
        </>
      )}
    </section>
  );
}

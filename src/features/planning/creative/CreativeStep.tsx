import {
  connectPlanningCreative,
  type PlanningCreativeView,
  type planningCreativeMachine,
} from '@machines/planning/planningCreative';
import { Button } from '@src/ui/Button';
import { focusFirstError } from '@src/ui/focusFirstError';
import * as noticeCss from '@src/ui/notice.css';
import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import type { ActorRefFrom } from 'xstate';
import { AdCard } from './AdCard';
import * as styles from './creativeStep.css';

export type PlanningCreativeActor = ActorRefFrom<typeof planningCreativeMachine>;

/** A new view model every snapshot would re-render every ad on each echo; compare what is shown. */
const sameView = (a: PlanningCreativeView, b: PlanningCreativeView) =>
  JSON.stringify(a) === JSON.stringify(b);

/** The wizard's creative step: per platform of the plan, its ads, each with its form and live preview. */
export function CreativeStep({ actor }: { actor: PlanningCreativeActor }) {
  const view = useSelector(actor, (snapshot) => connectPlanningCreative(snapshot, actor.send), sameView);
  const section = useRef<HTMLElement>(null);
  // Next found the step unfinished: its messages are rendered now; the first one comes into view, focused.
  useEffect(() => {
    if (view.errorRequests > 0) focusFirstError(section.current);
  }, [view.errorRequests]);
  return (
    <section ref={section} className={styles.layout} aria-label="Ads">
      {view.attention ? (
        <p className={noticeCss.notice.error} role="alert">
          {view.attention}
        </p>
      ) : null}
      {view.error ? (
        <p className={styles.error} role="alert" data-field-error>
          {view.error}
        </p>
      ) : null}
      {view.platforms.map((platform) => {
        const headingId = `creative-${platform.key}`;
        return (
          <section key={platform.key} className={styles.platform} aria-labelledby={headingId}>
            <h2 id={headingId} className={styles.title}>
              {platform.displayName}
            </h2>
            {platform.ads.length > 0 ? (
              <ol className={styles.ads}>
                {platform.ads.map((ad) => (
                  <li key={ad.key}>
                    <AdCard view={view} ad={ad} />
                  </li>
                ))}
              </ol>
            ) : (
              <p className={styles.muted}>No ads for {platform.displayName} yet.</p>
            )}
            {view.readOnly ? null : (
              <div>
                <Button
                  onClick={() => view.addAd(platform.key)}
                  aria-label={`Add ad for ${platform.displayName}`}
                >
                  Add ad
                </Button>
              </div>
            )}
          </section>
        );
      })}
    </section>
  );
}

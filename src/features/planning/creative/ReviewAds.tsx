import { AD_FORMAT_LABELS, type AdFormat, formatSpecOf } from '@contract/creative';
import { type Plan, type RulesByPlatform, wizardPath } from '@contract/planning';
import { button } from '@src/ui/button.css';
import * as cardCss from '@src/ui/card.css';
import * as recordCss from '@src/ui/record.css';
import { Link } from 'react-router-dom';
import * as styles from './creativeStep.css';
import { AdPreview } from './preview/AdPreview';

/** The review's creative summary: every ad per platform, drawn in its format's first placement. */
export function ReviewAds(props: { plan: Plan; rules: RulesByPlatform; problem: string | null | undefined }) {
  const { plan, rules } = props;
  const assets = Object.fromEntries(plan.assets.map((asset) => [asset.id, asset]));
  return (
    <section className={cardCss.card} aria-labelledby="review-creative-title">
      <header className={recordCss.cardHeader}>
        <h2 id="review-creative-title" className={cardCss.cardTitle}>
          Creative
        </h2>
        <Link to={wizardPath(plan.campaign.id, 'creative')} className={button.ghost}>
          Edit ads
        </Link>
      </header>
      <div className={recordCss.cardBody}>
        {props.problem ? <p className={styles.error}>{props.problem}</p> : null}
        {plan.platforms.map((platform) => {
          const specs = rules[platform]?.creative;
          const ads = plan.ads.filter((ad) => ad.platform === platform);
          const name = rules[platform]?.displayName ?? platform;
          return (
            <section key={platform} aria-label={`${name} ads`} className={styles.form}>
              <h3 className={cardCss.cardTitle}>{name}</h3>
              {ads.length === 0 ? <p className={styles.muted}>No ads yet.</p> : null}
              <ul className={styles.assets}>
                {ads.map((ad) => {
                  const placement = formatSpecOf(specs, ad.format)?.placements[0];
                  return (
                    <li key={ad.id} className={styles.reviewAd} aria-label={ad.name}>
                      <p className={styles.muted}>
                        {ad.name} · {AD_FORMAT_LABELS[ad.format as AdFormat] ?? ad.format}
                      </p>
                      {specs && placement ? (
                        <AdPreview
                          ad={ad}
                          specs={specs}
                          assets={assets}
                          placementKey={placement}
                          brandName={plan.campaign.name}
                        />
                      ) : null}
                    </li>
                  );
                })}
              </ul>
            </section>
          );
        })}
      </div>
    </section>
  );
}

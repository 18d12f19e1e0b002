import type { Ad, Asset, CreativeSpecs, PlacementKind, PlacementSpec } from '@contract/creative';
import { formatSpecOf } from '@contract/creative';
import { type KeyboardEvent, type ReactNode, useId, useRef, useState } from 'react';
import * as styles from './adPreview.css';
import { FeedPreview } from './FeedPreview';
import type { MockProps } from './mockProps';
import { PinPreview } from './PinPreview';
import { SearchPreview } from './SearchPreview';
import { SpotlightPreview } from './SpotlightPreview';
import { StoryPreview } from './StoryPreview';

const MOCKS: Record<PlacementKind, (props: MockProps) => ReactNode> = {
  feed: FeedPreview,
  story: StoryPreview,
  search: SearchPreview,
  pin: PinPreview,
  spotlight: SpotlightPreview,
};

/**
 * The ad as `placementKey` shows it, drawn from its texts, assets and focal points as they are typed, with
 * the platform's truncation. Nothing for a placement the specs do not know.
 */
export function AdPreview(props: {
  ad: Ad;
  specs: CreativeSpecs;
  assets: Readonly<Record<string, Asset>>;
  placementKey: string;
  brandName: string;
}) {
  const placement = props.specs.placements.find((p) => p.key === props.placementKey);
  if (!placement) return null;
  const Mock = MOCKS[placement.kind];
  return (
    <figure
      className={styles.figure}
      aria-label={`${props.specs.displayName} ${placement.label} preview`}
      data-placement={placement.key}
    >
      <Mock
        ad={props.ad}
        specs={props.specs}
        format={formatSpecOf(props.specs, props.ad.format)}
        placement={placement}
        assets={props.assets}
        brandName={props.brandName}
      />
    </figure>
  );
}

/** The placements an ad of its format runs in, in the platform's order. */
function placementsOf(ad: Ad, specs: CreativeSpecs): PlacementSpec[] {
  const keys = formatSpecOf(specs, ad.format)?.placements ?? [];
  return keys.flatMap((key) => specs.placements.find((p) => p.key === key) ?? []);
}

/**
 * The ad's preview in each placement of its format, one tab each (WAI-ARIA tabs: arrow keys move between
 * them and show the placement, Home and End go to the ends).
 */
export function AdPreviewSwitcher(props: {
  ad: Ad;
  specs: CreativeSpecs;
  assets: Readonly<Record<string, Asset>>;
  brandName: string;
}) {
  const id = useId();
  const placements = placementsOf(props.ad, props.specs);
  const [chosen, setChosen] = useState<string | null>(null);
  const tabRefs = useRef(new Map<string, HTMLButtonElement>());
  // A format change can take the chosen placement away: the first one of the new format shows.
  const current = placements.find((p) => p.key === chosen) ?? placements[0];

  if (!current) {
    return <p className={styles.empty}>Choose the ad’s format to see its preview.</p>;
  }

  const select = (index: number) => {
    const next = placements[(index + placements.length) % placements.length];
    if (!next) return;
    setChosen(next.key);
    tabRefs.current.get(next.key)?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const moves: Record<string, number> = {
      ArrowRight: index + 1,
      ArrowDown: index + 1,
      ArrowLeft: index - 1,
      ArrowUp: index - 1,
      Home: 0,
      End: placements.length - 1,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    select(target);
  };

  const tabId = (key: string) => `${id}-tab-${key}`;
  const panelId = `${id}-panel`;

  return (
    <div className={styles.root}>
      <div role="tablist" aria-label={`${props.specs.displayName} placements`} className={styles.tabs}>
        {placements.map((placement, index) => {
          const selected = placement.key === current.key;
          return (
            <button
              key={placement.key}
              ref={(element) => {
                if (element) tabRefs.current.set(placement.key, element);
                else tabRefs.current.delete(placement.key);
              }}
              type="button"
              role="tab"
              id={tabId(placement.key)}
              aria-selected={selected}
              aria-controls={panelId}
              tabIndex={selected ? 0 : -1}
              className={styles.tab}
              onClick={() => setChosen(placement.key)}
              onKeyDown={(event) => onKeyDown(event, index)}
            >
              {placement.label}
            </button>
          );
        })}
      </div>
      <div role="tabpanel" id={panelId} aria-labelledby={tabId(current.key)} className={styles.stage}>
        <AdPreview
          ad={props.ad}
          specs={props.specs}
          assets={props.assets}
          placementKey={current.key}
          brandName={props.brandName}
        />
      </div>
    </div>
  );
}

import { Dialog } from '@ark-ui/react/dialog';
import { Portal } from '@ark-ui/react/portal';
import { useEffect, useState } from 'react';
import type { Asset, MediaKind } from '../../../../contract/creative';
import { NETWORK_ERROR_MESSAGE } from '../../../../machines/shared/errors';
import { listAssets } from '../../../api/assets';
import { AlertRegion } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import * as dialogCss from '../../../ui/dialog.css';
import { TextField } from '../../../ui/TextField';
import * as styles from './creativeStep.css';

const seconds = (ms: number) => {
  const total = Math.round(ms / 1000);
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, '0')}`;
};

/** "1200 × 628 · 0:15": what the planner picks a library asset by. */
export const assetFacts = (asset: Asset) =>
  [`${asset.width} × ${asset.height}`, asset.durationMs !== null ? seconds(asset.durationMs) : null]
    .filter(Boolean)
    .join(' · ');

type Listing =
  | { phase: 'loading' }
  | { phase: 'ready'; items: Asset[]; total: number }
  | { phase: 'failed'; message: string };

/** The account's library of `kind` (GET /api/assets), newest first, searchable by name; choosing attaches. */
function LibraryList({ kind, onChoose }: { kind: MediaKind; onChoose(asset: Asset): void }) {
  const [query, setQuery] = useState('');
  const [listing, setListing] = useState<Listing>({ phase: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    setListing({ phase: 'loading' });
    listAssets({ kind, q: query.trim() || undefined }, controller.signal).then(
      ({ items, total }) => setListing({ phase: 'ready', items, total }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const message =
          typeof (error as { status?: unknown }).status === 'number'
            ? (error as Error).message
            : NETWORK_ERROR_MESSAGE;
        setListing({ phase: 'failed', message });
      },
    );
    return () => controller.abort();
  }, [kind, query]);
  return (
    <>
      <TextField label="Search the library" type="search" value={query} onValueChange={setQuery} />
      <AlertRegion message={listing.phase === 'failed' ? listing.message : null} />
      {listing.phase === 'loading' ? <p className={styles.muted}>Loading the library…</p> : null}
      {listing.phase === 'ready' && listing.items.length === 0 ? (
        <p className={styles.muted}>
          {query.trim()
            ? 'No assets match this search.'
            : `No ${kind === 'image' ? 'images' : 'videos'} yet.`}
        </p>
      ) : null}
      {listing.phase === 'ready' && listing.items.length > 0 ? (
        <ul className={styles.library} aria-label="Library">
          {listing.items.map((asset) => (
            <li key={asset.id}>
              <button
                type="button"
                className={styles.libraryItem}
                onClick={() => onChoose(asset)}
                aria-label={`Choose ${asset.name}, ${assetFacts(asset)}`}
              >
                <img className={styles.thumbnail} src={asset.thumbnailUrl} alt="" />
                <span>{asset.name}</span>
                <span className={styles.muted}>{assetFacts(asset)}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {listing.phase === 'ready' && listing.total > listing.items.length ? (
        <p className={styles.muted}>
          The newest {listing.items.length} of {listing.total.toLocaleString('en')}: search by name for the
          others.
        </p>
      ) : null}
    </>
  );
}

/** “Choose from library”: a dialog over the page; the choice attaches to the ad and closes it. */
export function AssetLibraryButton(props: {
  kind: MediaKind;
  adLabel: string;
  onChoose(asset: Asset): void;
  disabled?: boolean;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        onClick={() => setOpen(true)}
        disabled={props.disabled}
        aria-label={`Choose from library for ${props.adLabel}`}
      >
        Choose from library
      </Button>
      <Dialog.Root open={open} onOpenChange={(details) => setOpen(details.open)} lazyMount unmountOnExit>
        <Portal>
          <Dialog.Backdrop className={dialogCss.backdrop} />
          <Dialog.Positioner className={dialogCss.positioner}>
            <Dialog.Content className={dialogCss.dialog}>
              <div className={dialogCss.dialogBody}>
                <Dialog.Title className={dialogCss.dialogTitle}>Choose from library</Dialog.Title>
                <Dialog.Description className={dialogCss.dialogText}>
                  {props.kind === 'image' ? 'Images' : 'Videos'} uploaded to this account, for {props.adLabel}
                  .
                </Dialog.Description>
                <LibraryList
                  kind={props.kind}
                  onChoose={(asset) => {
                    props.onChoose(asset);
                    setOpen(false);
                  }}
                />
                <div className={dialogCss.dialogFooter}>
                  <Dialog.CloseTrigger asChild>
                    <Button>Close</Button>
                  </Dialog.CloseTrigger>
                </div>
              </div>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
    </>
  );
}

import { Dialog } from '@ark-ui/react/dialog';
import { Portal } from '@ark-ui/react/portal';
import type { Asset, MediaKind } from '@contract/creative';
import {
  type AssetPage,
  type AssetQuery,
  assetLibraryMachine,
  connectAssetLibrary,
} from '@machines/assetLibrary';
import { listAssets } from '@src/api/assets';
import { AlertRegion } from '@src/ui/Alert';
import { useActorRef } from '@src/ui/actorRef';
import { Button } from '@src/ui/Button';
import * as dialogCss from '@src/ui/dialog.css';
import { TextField } from '@src/ui/TextField';
import { useSelector } from '@xstate/react';
import { useCallback, useEffect, useState } from 'react';
import { fromPromise } from 'xstate';
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

/** The library picker's chart with the real call; a choice goes to `onChoose`. */
function useAssetLibrary(kind: MediaKind, onChoose: (asset: Asset) => void) {
  const actor = useActorRef(library, { input: { kind } });
  useEffect(() => {
    const subscription = actor.on('asset.chosen', (event) => onChoose(event.asset));
    return () => subscription.unsubscribe();
  }, [actor, onChoose]);
  return useSelector(actor, (snapshot) => connectAssetLibrary(snapshot, actor.send));
}

const library = assetLibraryMachine.provide({
  actors: {
    listAssets: fromPromise<AssetPage, AssetQuery>(({ input, signal }) =>
      listAssets({ kind: input.kind, q: input.query || undefined }, signal),
    ),
  },
});

/** The account's library of `kind` (GET /api/assets), newest first, searchable by name; choosing attaches. */
function LibraryList({ kind, onChoose }: { kind: MediaKind; onChoose(asset: Asset): void }) {
  const view = useAssetLibrary(kind, onChoose);
  return (
    <>
      <TextField label="Search the library" type="search" value={view.query} onValueChange={view.search} />
      <AlertRegion message={view.error}>
        {' '}
        <Button variant="ghost" onClick={view.retry}>
          Try again
        </Button>
      </AlertRegion>
      {view.phase === 'loading' ? <p className={styles.muted}>Loading the library…</p> : null}
      {view.emptyNote ? <p className={styles.muted}>{view.emptyNote}</p> : null}
      {view.items.length > 0 ? (
        <ul className={styles.library} aria-label="Library">
          {view.items.map((asset) => (
            <li key={asset.id}>
              <button
                type="button"
                className={styles.libraryItem}
                onClick={() => view.choose(asset)}
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
      {view.moreNote ? <p className={styles.muted}>{view.moreNote}</p> : null}
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
  const { onChoose } = props;
  const choose = useCallback(
    (asset: Asset) => {
      onChoose(asset);
      setOpen(false);
    },
    [onChoose],
  );
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
                <LibraryList kind={props.kind} onChoose={choose} />
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

import { Dialog } from '@ark-ui/react/dialog';
import { Portal } from '@ark-ui/react/portal';
import { disconnectRefusal, type PlatformConnection } from '@contract/connections';
import { formatDate, formatDateTime, formatTimeAgo } from '@src/lib/format';
import { Button } from '@src/ui/Button';
import * as badgeCss from '@src/ui/badge.css';
import * as cardCss from '@src/ui/card.css';
import * as dialogCss from '@src/ui/dialog.css';
import * as pageCss from '@src/ui/page.css';
import { Notice } from '@src/ui/settings/Notice';
import { PageHeader } from '@src/ui/settings/PageHeader';
import * as stateCss from '@src/ui/state.css';
import { Link, useSearchParams } from 'react-router-dom';
import { AdAccountChooser } from './AdAccountChooser';
import * as css from './platforms.css';
import { useConnections } from './useConnections';
import { usePlatformConnection } from './usePlatformConnection';

const STATUS: Record<PlatformConnection['status'], { label: string; badge: string }> = {
  connected: { label: 'Connected', badge: badgeCss.labelBadge.current },
  needs_reconnect: { label: 'Needs reconnecting', badge: badgeCss.labelBadge.expired },
  not_connected: { label: 'Not connected', badge: badgeCss.labelBadge.neutral },
};

const SYNC_WORDS: Record<NonNullable<PlatformConnection['lastSync']>['outcome'], string> = {
  running: 'Syncing now',
  succeeded: 'Synced',
  failed: 'Sync failed',
  rate_limited: 'Rate-limited, retrying',
};

/** `/platforms`: the account's connection to each ad platform, with Connect, Reconnect and Disconnect. */
export function PlatformsView() {
  const { connections, loadError, reload } = useConnections();
  const flow = usePlatformConnection(reload);
  return (
    <div className={pageCss.stack}>
      <PageHeader
        title="Platforms"
        subtitle="Connect the ad accounts this account launches campaigns on. Each platform asks you to allow Flightplan on its own page."
      />
      {/* A notice about one platform shows in its card, under the button pressed; any other, here. */}
      {flow.notice && flow.noticePlatform === null ? <FlowNotice flow={flow} /> : null}
      {loadError ? (
        <Notice tone="error">{loadError}</Notice>
      ) : connections === null ? (
        <p className={stateCss.stateText} aria-busy="true">
          Loading…
        </p>
      ) : (
        <ul className={css.list} aria-label="Ad platforms">
          {connections.map((connection) => (
            <li key={connection.platform}>
              <PlatformCard connection={connection} flow={flow} />
            </li>
          ))}
        </ul>
      )}
      <DisconnectDialog flow={flow} connections={connections ?? []} />
      <ReturnedChoice onConnected={reload} />
    </div>
  );
}

/**
 * `?chooseAdAccount=<id>&platform=<key>`: the platform's login reaches several ad accounts and the planner
 * chooses one. Once connected the URL says `?connected=<key>` (the list's own notice), closed it says nothing.
 */
function ReturnedChoice({ onConnected }: { onConnected: () => void }) {
  const [params, setParams] = useSearchParams();
  const choiceId = params.get('chooseAdAccount');
  const platform = params.get('platform');
  if (!choiceId || !platform) return null;
  const leave = (connected: string | null) =>
    setParams(
      (current) => {
        current.delete('chooseAdAccount');
        current.delete('platform');
        if (connected) current.set('connected', connected);
        return current;
      },
      { replace: true },
    );
  return (
    <AdAccountChooser
      key={choiceId}
      platform={platform}
      choiceId={choiceId}
      onConnected={(key) => {
        onConnected();
        leave(key);
      }}
      onClosed={() => leave(null)}
    />
  );
}

type Flow = ReturnType<typeof usePlatformConnection>;

function PlatformCard({ connection, flow }: { connection: PlatformConnection; flow: Flow }) {
  const status = STATUS[connection.status];
  const ref = { platform: connection.platform, displayName: connection.displayName };
  const busy = flow.busyPlatform === connection.platform;
  const titleId = `platform-${connection.platform}`;
  return (
    <section className={`${cardCss.card} ${css.platformCard}`} aria-labelledby={titleId} aria-busy={busy}>
      <div className={css.head}>
        <span className={css.logo} aria-hidden="true">
          {connection.displayName.slice(0, 1)}
        </span>
        <h2 id={titleId} className={css.name}>
          {connection.displayName}
        </h2>
        <span className={status.badge}>{status.label}</span>
      </div>
      {connection.problem ? (
        <p className={css.problem} role="note">
          {connection.problem}
        </p>
      ) : null}
      {connection.adAccount ? (
        <dl className={css.facts}>
          <dt className={css.term}>Ad account</dt>
          <dd className={css.detail}>
            {connection.adAccount.name}{' '}
            <span className={stateCss.stateText}>({connection.adAccount.id})</span>
          </dd>
          {connection.adAccount.manager ? (
            <>
              <dt className={css.term}>Manager account</dt>
              <dd className={css.detail}>
                {connection.adAccount.manager.name}{' '}
                <span className={stateCss.stateText}>({connection.adAccount.manager.id})</span>
              </dd>
            </>
          ) : null}
          {connection.connectedAt ? (
            <>
              <dt className={css.term}>Connected</dt>
              <dd className={css.detail} title={formatDateTime(connection.connectedAt)}>
                {formatDate(connection.connectedAt)}
              </dd>
            </>
          ) : null}
          {connection.accessExpiresAt && connection.status === 'connected' ? (
            <>
              <dt className={css.term}>Access</dt>
              <dd className={css.detail} title={formatDateTime(connection.accessExpiresAt)}>
                {expiryWords(connection.accessExpiresAt)}
              </dd>
            </>
          ) : null}
          <dt className={css.term}>Last sync</dt>
          <dd className={css.detail}>
            {connection.lastSync
              ? `${SYNC_WORDS[connection.lastSync.outcome]} ${formatTimeAgo(connection.lastSync.finishedAt ?? connection.lastSync.startedAt)}`
              : 'Not synced yet'}
          </dd>
        </dl>
      ) : (
        <p className={stateCss.stateText}>Connect it to launch, pause and report on campaigns there.</p>
      )}
      <div className={css.actions}>
        {connection.status === 'connected' ? null : (
          <Button variant="primary" disabled={!flow.canAct} onClick={() => flow.connect(ref)}>
            {busy && (flow.phase === 'starting' || flow.phase === 'redirecting')
              ? 'Opening…'
              : connection.status === 'needs_reconnect'
                ? `Reconnect ${connection.displayName}`
                : `Connect ${connection.displayName}`}
          </Button>
        )}
        {connection.status === 'connected' ? (
          <Button variant="secondary" disabled={!flow.canAct} onClick={() => flow.sync(ref)}>
            {busy && flow.phase === 'syncing' ? 'Syncing…' : `Sync ${connection.displayName} now`}
          </Button>
        ) : null}
        {connection.status === 'not_connected' ? null : (
          <Button variant="secondary" disabled={!flow.canAct} onClick={() => flow.disconnect(ref)}>
            {busy && flow.phase === 'disconnecting'
              ? 'Disconnecting…'
              : `Disconnect ${connection.displayName}`}
          </Button>
        )}
      </div>
      {flow.noticePlatform === connection.platform ? <FlowNotice flow={flow} /> : null}
    </section>
  );
}

/**
 * The flow's notice (a refusal, a success), dismissible. Shown beside the control that caused it, and brought
 * into view when it appears, so it is never said off-screen; problems are alerts, read out as they appear.
 */
function FlowNotice({ flow }: { flow: Flow }) {
  if (!flow.notice) return null;
  return (
    <Notice tone={flow.notice.tone} onDismiss={flow.dismiss} className={css.notice} reveal>
      {flow.notice.text}
    </Notice>
  );
}

/** "Renews automatically; the current token expires in 52 minutes" — tokens are refreshed before they expire. */
function expiryWords(accessExpiresAt: string): string {
  const left = Date.parse(accessExpiresAt) - Date.now();
  return left <= 0
    ? 'Renewing now'
    : `Renews automatically (current token expires ${formatTimeAgo(accessExpiresAt)})`;
}

function DisconnectDialog({ flow, connections }: { flow: Flow; connections: readonly PlatformConnection[] }) {
  const target = flow.confirming;
  // The campaigns it runs, by name: while there are any the platform cannot be disconnected (the server's rule).
  const running = connections.find((c) => c.platform === target?.platform)?.runningCampaigns ?? [];
  const refusal = target ? disconnectRefusal(target.displayName, running) : null;
  return (
    <Dialog.Root
      open={target !== null}
      role="alertdialog"
      onOpenChange={(details) => {
        if (!details.open) flow.cancelDisconnect();
      }}
    >
      <Portal>
        <Dialog.Backdrop className={dialogCss.backdrop} />
        <Dialog.Positioner className={dialogCss.positioner}>
          <Dialog.Content className={dialogCss.dialog}>
            <div className={dialogCss.dialogBody}>
              <Dialog.Title className={dialogCss.dialogTitle}>Disconnect {target?.displayName}?</Dialog.Title>
              {refusal ? (
                <>
                  <Dialog.Description className={dialogCss.dialogText}>{refusal}</Dialog.Description>
                  <ul aria-label={`Campaigns on ${target?.displayName}`} className={css.campaignList}>
                    {running.map((campaign) => (
                      <li key={campaign.id}>
                        <Link to={`/campaigns/${campaign.id}`}>
                          {campaign.name.trim() || 'Unnamed campaign'}
                        </Link>
                      </li>
                    ))}
                  </ul>
                </>
              ) : (
                <Dialog.Description className={dialogCss.dialogText}>
                  Flightplan gives its access back to {target?.displayName}. Campaigns cannot be launched
                  there until you connect it again.
                </Dialog.Description>
              )}
              <div className={dialogCss.dialogFooter}>
                <Button variant="secondary" onClick={flow.cancelDisconnect}>
                  {refusal ? 'Close' : 'Cancel'}
                </Button>
                {refusal ? null : (
                  <Button variant="primary" onClick={flow.confirmDisconnect}>
                    Disconnect
                  </Button>
                )}
              </div>
            </div>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

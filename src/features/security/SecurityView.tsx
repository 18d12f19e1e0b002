import { Dialog } from '@ark-ui/react/dialog';
import { Portal } from '@ark-ui/react/portal';
import type { AuthenticatorItem, SecuritySettingsView } from '@machines/securitySettings';
import { useCurrentUser } from '@src/api/session';
import { AlertRegion } from '@src/ui/Alert';
import { Button } from '@src/ui/Button';
import * as cardCss from '@src/ui/card.css';
import * as dialogCss from '@src/ui/dialog.css';
import * as listCss from '@src/ui/list.css';
import * as pageCss from '@src/ui/page.css';
import { Notice } from '@src/ui/settings/Notice';
import { PageHeader } from '@src/ui/settings/PageHeader';
import { SignedOutCard } from '@src/ui/settings/SignedOutCard';
import * as stateCss from '@src/ui/state.css';
import { useRef } from 'react';
import { EnrolDialog } from './EnrolDialog';
import { MethodIcon, PlusIcon, ShieldIcon } from './icons';
import { RecoveryCodesDialog } from './RecoveryCodesDialog';
import * as styles from './security.css';
import { type ActivityView, useSecurityActivity } from './useSecurityActivity';
import { useSecuritySettings } from './useSecuritySettings';

const day = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const moment = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const format = (formatter: Intl.DateTimeFormat, iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : formatter.format(date);
};

function AuthenticatorRow({ item, onRemove }: { item: AuthenticatorItem; onRemove: () => void }) {
  return (
    <li className={`${listCss.listItem} ${styles.itemRow}`} data-testid="authenticator" data-id={item.id}>
      <span className={styles.methodIcon}>
        <MethodIcon method={item.method} />
      </span>
      <div className={`${listCss.itemText} ${styles.itemText}`}>
        <p className={listCss.itemName}>{item.methodName}</p>
        <p className={listCss.itemMeta}>
          <span>{item.detail}</span>
        </p>
        <p className={listCss.itemMeta}>
          <span>
            Added <time dateTime={item.addedAt}>{format(day, item.addedAt)}</time>
          </span>
          <span className={listCss.metaDot} aria-hidden="true" />
          <span>
            {item.lastUsedAt ? (
              <>
                Last used <time dateTime={item.lastUsedAt}>{format(moment, item.lastUsedAt)}</time>
              </>
            ) : (
              'Not used yet'
            )}
          </span>
        </p>
      </div>
      <div className={styles.itemActions}>
        <Button
          variant="secondary"
          onClick={onRemove}
          aria-label={`Remove ${item.methodName}: ${item.detail}`}
        >
          Remove
        </Button>
      </div>
    </li>
  );
}

function RemoveDialog({
  removal,
  onConfirm,
  onCancel,
  finalFocus,
}: {
  removal: SecuritySettingsView['removal'];
  onConfirm: () => void;
  onCancel: () => void;
  finalFocus: () => HTMLElement | null;
}) {
  return (
    <Dialog.Root
      open={removal !== null}
      role="alertdialog"
      onOpenChange={(details) => {
        if (!details.open && !removal?.isRemoving) onCancel();
      }}
      lazyMount
      unmountOnExit
      finalFocusEl={finalFocus}
    >
      <Portal>
        <Dialog.Backdrop className={dialogCss.backdrop} />
        <Dialog.Positioner className={dialogCss.positioner}>
          <Dialog.Content className={dialogCss.dialog}>
            {removal ? (
              <div className={dialogCss.dialogBody} aria-busy={removal.isRemoving}>
                <Dialog.Title className={dialogCss.dialogTitle}>{`Remove ${removal.name}?`}</Dialog.Title>
                <Dialog.Description className={dialogCss.dialogText}>
                  You will no longer be able to use it to confirm it’s you. You can add it again later.
                </Dialog.Description>
                <AlertRegion message={removal.error} />
                <div className={dialogCss.dialogFooter}>
                  <Button variant="secondary" onClick={onCancel} disabled={removal.isRemoving}>
                    Cancel
                  </Button>
                  <Button variant="primary" onClick={onConfirm} disabled={removal.isRemoving}>
                    {removal.isRemoving ? 'Removing…' : 'Remove'}
                  </Button>
                </div>
              </div>
            ) : null}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

/** Recovery codes (issue 11): how many are left, Generate / Regenerate, and Remove like any method. */
function RecoveryCodesSection({
  view,
  onGenerate,
  onRemove,
}: {
  view: SecuritySettingsView;
  onGenerate: () => void;
  onRemove: (id: string) => void;
}) {
  const codes = view.recoveryCodes;
  return (
    <section
      className={cardCss.card}
      aria-labelledby="security-codes-title"
      data-testid="recovery-codes-section"
    >
      <div className={cardCss.cardHeader}>
        <h2 className={`${cardCss.cardTitle} ${styles.listHeading}`} id="security-codes-title">
          Recovery codes
        </h2>
      </div>
      <div className={cardCss.cardBody}>
        <p className={stateCss.stateText}>{view.codesText}</p>
        <div className={styles.codeActions}>
          <Button variant="secondary" onClick={onGenerate} disabled={!view.canManageCodes}>
            {view.codesActionLabel}
          </Button>
          {codes ? (
            <Button
              variant="secondary"
              onClick={() => onRemove(codes.id)}
              disabled={!view.canManageCodes}
              aria-label="Remove your recovery codes"
            >
              Remove
            </Button>
          ) : null}
        </div>
      </div>
    </section>
  );
}

/** “Recent activity”: the user's latest sign-ins and step-ups, so they notice one that was not theirs. */
function RecentActivity({ view, onReload }: { view: ActivityView; onReload: () => void }) {
  return (
    <section
      className={cardCss.card}
      aria-labelledby="security-activity-title"
      aria-busy={view.status === 'loading'}
      data-testid="security-activity"
    >
      <div className={cardCss.cardHeader}>
        <h2 className={`${cardCss.cardTitle} ${styles.listHeading}`} id="security-activity-title">
          Recent activity
        </h2>
      </div>
      {view.status === 'failed' ? (
        <div className={listCss.listState}>
          <p className={stateCss.stateText}>Your recent activity could not be loaded.</p>
          <div className={stateCss.stateAction}>
            <Button variant="secondary" onClick={onReload}>
              Load activity again
            </Button>
          </div>
        </div>
      ) : view.status === 'loading' ? (
        <div className={cardCss.cardBody}>
          <p className={stateCss.stateText}>Loading…</p>
        </div>
      ) : view.items.length === 0 ? (
        <div className={cardCss.cardBody}>
          <p className={stateCss.stateText}>No sign-ins or confirmations in the last 90 days.</p>
        </div>
      ) : (
        <ul className={listCss.list} aria-labelledby="security-activity-title">
          {view.items.map((item) => (
            <li key={item.id} className={listCss.listItem} data-testid="activity-event">
              <div className={listCss.itemText}>
                <p className={listCss.itemName}>{item.title}</p>
                <p className={listCss.itemMeta}>
                  <span>
                    <time dateTime={item.at} title={item.exact}>
                      {item.ago}
                    </time>
                  </span>
                  <span className={listCss.metaDot} aria-hidden="true" />
                  <span>{item.methodName}</span>
                  <span className={listCss.metaDot} aria-hidden="true" />
                  <span>{item.browser}</span>
                </p>
              </div>
            </li>
          ))}
        </ul>
      )}
      <div className={cardCss.cardBody}>
        <p className={stateCss.stateText}>
          Something you did not do? Remove the sign-in methods you do not recognise and change your password.
        </p>
      </div>
    </section>
  );
}

function SecuritySettings({ user }: { user: { id: string; email: string } }) {
  const page = useSecuritySettings(user);
  const { view } = page;
  const activity = useSecurityActivity(view.isLoading ? null : view.items.map((item) => item.id).join(','));
  const headingRef = useRef<HTMLHeadingElement | null>(null);
  const addButton = (
    <Button variant="primary" onClick={page.startAdding} disabled={!view.canAdd}>
      <PlusIcon />
      Add a sign-in method
    </Button>
  );

  return (
    <>
      <PageHeader
        parent={{ label: 'Account settings' }}
        title="Security"
        subtitle="Ways to confirm it’s you before risky actions, such as launching or deleting a campaign or removing one of these methods."
        actions={view.items.length > 0 ? addButton : undefined}
      />
      <div className={pageCss.stack}>
        {view.notice ? (
          <Notice tone={view.notice.tone} onDismiss={page.dismissNotice}>
            {view.notice.text}
          </Notice>
        ) : null}
        <section className={cardCss.card} aria-labelledby="security-methods-title" aria-busy={view.isLoading}>
          <div className={cardCss.cardHeader}>
            <h2
              className={`${cardCss.cardTitle} ${styles.listHeading}`}
              id="security-methods-title"
              ref={headingRef}
              tabIndex={-1}
            >
              Sign-in methods
            </h2>
            {view.items.length > 0 ? (
              <span className={styles.count}>
                {view.items.length} {view.items.length === 1 ? 'method' : 'methods'}
              </span>
            ) : null}
          </div>
          {view.loadError ? (
            <div className={listCss.listState}>
              <div role="alert">
                <p className={stateCss.errorTitle}>Your sign-in methods could not be loaded.</p>
                <p className={stateCss.stateText}>{view.loadError}</p>
              </div>
              <div className={stateCss.stateAction}>
                <Button variant="secondary" onClick={page.retry}>
                  Try again
                </Button>
              </div>
            </div>
          ) : view.isLoading ? (
            <div className={cardCss.cardBody}>
              <p className={stateCss.stateText}>Loading…</p>
            </div>
          ) : view.isEmpty ? (
            <div className={listCss.listState}>
              <span className={styles.emptyIcon}>
                <ShieldIcon />
              </span>
              <p className={stateCss.stateTitle}>No sign-in methods yet</p>
              <p className={`${stateCss.stateText} ${styles.emptyText}`}>
                Until you add one, a code is e-mailed to {user.email} whenever Flightplan needs to confirm
                it’s you. A passkey or an authenticator app is quicker and safer.
              </p>
              <div className={stateCss.stateAction}>{addButton}</div>
            </div>
          ) : (
            <ul className={listCss.list} aria-labelledby="security-methods-title">
              {view.items.map((item) => (
                <AuthenticatorRow key={item.id} item={item} onRemove={() => page.requestRemoval(item.id)} />
              ))}
            </ul>
          )}
        </section>
        {view.isLoading || view.loadError ? null : (
          <RecoveryCodesSection view={view} onGenerate={page.startCodes} onRemove={page.requestRemoval} />
        )}
        <RecentActivity view={activity.view} onReload={activity.reload} />
      </div>
      <EnrolDialog actorRef={view.enrolment} onClose={page.cancelAdding} />
      <RecoveryCodesDialog actorRef={view.codesFlow} />
      <RemoveDialog
        removal={view.removal}
        onConfirm={page.confirmRemoval}
        onCancel={page.cancelRemoval}
        finalFocus={() => headingRef.current}
      />
    </>
  );
}

/** /settings/security: the signed-in user's sign-in methods for confirming it's them (step-up). */
export function SecurityView() {
  const user = useCurrentUser();
  if (!user)
    return <SignedOutCard returnTo="/settings/security" text="Sign in to manage your sign-in methods." />;
  return <SecuritySettings user={user} />;
}

export default SecurityView;

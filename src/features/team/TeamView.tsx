import { Dialog } from '@ark-ui/react/dialog';
import { Portal } from '@ark-ui/react/portal';
import { teamEventTitle } from '@contract/team';
import { organizationSwitchUrl } from '@machines/session/session.routes';
import type { ConfirmDialog, MemberDialog, TeamManagementView } from '@machines/teamManagement';
import { useCurrentUser } from '@src/api/session';
import { formatDate, formatDateTime, formatTimeAgo } from '@src/lib/format';
import { AlertRegion } from '@src/ui/Alert';
import { Button } from '@src/ui/Button';
import { linkButton } from '@src/ui/button.css';
import { Choices } from '@src/ui/Choices';
import * as cardCss from '@src/ui/card.css';
import * as dialogCss from '@src/ui/dialog.css';
import * as pageCss from '@src/ui/page.css';
import { Notice } from '@src/ui/settings/Notice';
import { PageHeader } from '@src/ui/settings/PageHeader';
import { SignedOutCard } from '@src/ui/settings/SignedOutCard';
import * as stateCss from '@src/ui/state.css';
import { TextField } from '@src/ui/TextField';
import * as tableCss from '@src/ui/table.css';
import { type FormEvent, useId } from 'react';
import { useLocation, useParams } from 'react-router-dom';
import { SignOffCard } from './SignOffCard';
import * as css from './team.css';
import { useTeam } from './useTeam';

/**
 * `/settings/team` (the current organization) and `/organizations/:id/members`: members, pending
 * invitations and the activity, with Invite, Change, Remove, Resend and Withdraw for owners and admins.
 */
export function TeamView() {
  const user = useCurrentUser();
  const { id } = useParams();
  const { pathname } = useLocation();
  // /organizations/… is open to signed-out visitors (the session's exempt paths): they are asked to sign in.
  if (!user)
    return <SignedOutCard returnTo={pathname} text="Sign in to see the team of this organization." />;
  const current = user.currentOrganization;
  // Another organization's team: its roles and accounts are the session's once in it, so switch first.
  if (id !== undefined && id !== current?.id) return <OtherOrganization id={id} />;
  const organizationId = current?.id ?? '';
  // A new organization is a new page: its own chart.
  return <TeamPage key={organizationId} organizationId={organizationId} role={user.role} />;
}

function OtherOrganization({ id }: { id: string }) {
  const href = organizationSwitchUrl({
    id,
    returnUrl: `/organizations/${id}/members`,
    host: globalThis.location?.host ?? '',
  });
  return (
    <div className={pageCss.stack}>
      <PageHeader
        title="Team"
        subtitle="Who works in this organization, in which accounts, and what they may do."
      />
      <Notice
        tone="info"
        actions={
          <a className={linkButton.primary} href={href}>
            Switch to this organization
          </a>
        }
      >
        This is another organization’s team. Switch to it to see and manage its members.
      </Notice>
    </div>
  );
}

function TeamPage({ organizationId, role }: { organizationId: string; role: Parameters<typeof useTeam>[1] }) {
  const team = useTeam(organizationId, role);
  const reasonId = useId();
  const disabled = !team.canManage || team.busyId !== null;
  const reason = team.disabledReason ? { 'aria-describedby': reasonId, title: team.disabledReason } : {};
  return (
    <div className={pageCss.stack}>
      <PageHeader
        title="Team"
        subtitle="Who works in this organization, in which accounts, and what they may do."
        actions={
          <Button variant="primary" disabled={disabled} onClick={team.openInvite} {...reason}>
            Invite someone
          </Button>
        }
      />
      {team.disabledReason ? (
        <p id={reasonId} className={css.reason}>
          {team.disabledReason}
        </p>
      ) : null}
      {team.notice ? (
        <Notice tone={team.notice.tone} onDismiss={team.dismissNotice} className={css.notice} reveal>
          {team.notice.text}
        </Notice>
      ) : null}
      {team.isLoading ? (
        <p className={stateCss.stateText} aria-busy="true">
          Loading…
        </p>
      ) : team.loadError ? (
        <Notice
          tone="error"
          actions={
            team.canRetry ? (
              <Button variant="secondary" onClick={team.retry}>
                Try again
              </Button>
            ) : null
          }
        >
          {team.loadError}
        </Notice>
      ) : (
        <>
          <Members team={team} disabled={disabled} reason={reason} />
          <Invitations team={team} disabled={disabled} reason={reason} />
          <Activity team={team} />
        </>
      )}
      {/* Its own chart (signOffSetting): shown whatever the team's load did. */}
      {team.isLoading || team.loadError ? null : <SignOffCard organizationId={organizationId} role={role} />}
      <MemberFormDialog dialog={team.dialog} team={team} />
      <ConfirmationDialog confirm={team.confirm} team={team} />
    </div>
  );
}

type Reason = { 'aria-describedby'?: string; title?: string };

function Members({
  team,
  disabled,
  reason,
}: {
  team: TeamManagementView;
  disabled: boolean;
  reason: Reason;
}) {
  return (
    <section className={`${cardCss.card} ${css.section}`} aria-labelledby="team-members">
      <h2 id="team-members" className={css.sectionTitle}>
        Members
      </h2>
      <div className={tableCss.tableWrap}>
        <table className={tableCss.table}>
          <thead>
            <tr>
              <th className={tableCss.th}>Name</th>
              <th className={tableCss.th}>E-mail</th>
              <th className={tableCss.th}>Role</th>
              <th className={tableCss.th}>Accounts</th>
              <th className={tableCss.th}>Last active</th>
              <th className={tableCss.th}>
                <span className={tableCss.muted}>Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {team.members.map((member) => (
              <tr key={member.userId} className={tableCss.row} aria-busy={team.busyId === member.userId}>
                <td className={tableCss.td}>{member.name}</td>
                <td className={tableCss.td}>{member.email}</td>
                <td className={tableCss.td}>{member.role}</td>
                <td className={tableCss.td}>{member.accounts}</td>
                <td className={tableCss.td}>
                  {member.lastActiveAt ? (
                    <span title={formatDateTime(member.lastActiveAt)}>
                      {formatTimeAgo(member.lastActiveAt)}
                    </span>
                  ) : (
                    'Never'
                  )}
                </td>
                <td className={tableCss.td}>
                  <div className={tableCss.rowActions}>
                    <Button
                      disabled={disabled}
                      onClick={() => team.editMember(member.userId)}
                      aria-label={`Change ${member.name}`}
                      {...reason}
                    >
                      Change
                    </Button>
                    <Button
                      disabled={disabled}
                      onClick={() => team.removeMember(member.userId)}
                      aria-label={`Remove ${member.name}`}
                      {...reason}
                    >
                      Remove
                    </Button>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function Invitations({
  team,
  disabled,
  reason,
}: {
  team: TeamManagementView;
  disabled: boolean;
  reason: Reason;
}) {
  return (
    <section className={`${cardCss.card} ${css.section}`} aria-labelledby="team-invitations">
      <h2 id="team-invitations" className={css.sectionTitle}>
        Pending invitations
      </h2>
      {team.invitations.length === 0 ? (
        <p className={stateCss.stateText}>No invitations are waiting.</p>
      ) : (
        <div className={tableCss.tableWrap}>
          <table className={tableCss.table}>
            <thead>
              <tr>
                <th className={tableCss.th}>E-mail</th>
                <th className={tableCss.th}>Role</th>
                <th className={tableCss.th}>Expires</th>
                <th className={tableCss.th}>
                  <span className={tableCss.muted}>Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {team.invitations.map((invitation) => (
                <tr key={invitation.id} className={tableCss.row} aria-busy={team.busyId === invitation.id}>
                  <td className={tableCss.td}>{invitation.email}</td>
                  <td className={tableCss.td}>{invitation.role}</td>
                  <td className={tableCss.td} title={formatDateTime(invitation.expiresAt)}>
                    {formatDate(invitation.expiresAt)}
                  </td>
                  <td className={tableCss.td}>
                    <div className={tableCss.rowActions}>
                      <Button
                        disabled={disabled}
                        onClick={() => team.resendInvitation(invitation.id)}
                        aria-label={`Resend the invitation to ${invitation.email}`}
                        {...reason}
                      >
                        {team.phase === 'resending' && team.busyId === invitation.id ? 'Sending…' : 'Resend'}
                      </Button>
                      <Button
                        disabled={disabled}
                        onClick={() => team.withdrawInvitation(invitation.id)}
                        aria-label={`Withdraw the invitation to ${invitation.email}`}
                        {...reason}
                      >
                        Withdraw
                      </Button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function Activity({ team }: { team: TeamManagementView }) {
  return (
    <section className={`${cardCss.card} ${css.section}`} aria-labelledby="team-activity">
      <h2 id="team-activity" className={css.sectionTitle}>
        Activity
      </h2>
      {team.activity.length === 0 ? (
        <p className={stateCss.stateText}>Nothing has happened yet.</p>
      ) : (
        <ul className={css.activity} aria-labelledby="team-activity">
          {team.activity.map((row) => (
            <li key={row.id} className={css.activityItem}>
              <span>{teamEventTitle(row.event)}</span>
              <span className={css.activityMeta}>
                {row.actor} ·{' '}
                <span title={formatDateTime(row.createdAt)}>{formatTimeAgo(row.createdAt)}</span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function MemberFormDialog({ dialog, team }: { dialog: MemberDialog | null; team: TeamManagementView }) {
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    team.submit();
  };
  return (
    <Dialog.Root
      open={dialog !== null}
      onOpenChange={(details) => {
        if (!details.open && !dialog?.isBusy) team.cancel();
      }}
    >
      <Portal>
        <Dialog.Backdrop className={dialogCss.backdrop} />
        <Dialog.Positioner className={dialogCss.positioner}>
          <Dialog.Content className={dialogCss.dialog}>
            {dialog ? (
              <form
                className={`${dialogCss.dialogBody} ${css.dialogScroll}`}
                onSubmit={onSubmit}
                noValidate
                aria-busy={dialog.isBusy}
              >
                <Dialog.Title className={dialogCss.dialogTitle}>{dialog.title}</Dialog.Title>
                <AlertRegion message={dialog.formError} />
                <div className={css.form}>
                  {dialog.kind === 'invite' ? (
                    <TextField
                      label="E-mail address"
                      type="email"
                      name="email"
                      autoComplete="off"
                      spellCheck={false}
                      value={dialog.values.email}
                      onValueChange={team.changeEmail}
                      error={dialog.fieldErrors.email}
                      readOnly={dialog.isBusy}
                    />
                  ) : null}
                  <Choices
                    legend="Role"
                    error={dialog.fieldErrors.role ?? null}
                    options={dialog.roles.map((role) => ({
                      key: role.value,
                      label: role.label,
                      hint: role.description,
                      checked: dialog.values.role === role.value,
                      onChange: () => team.changeRole(role.value),
                    }))}
                    type="radio"
                    disabled={dialog.isBusy}
                  />
                  <Choices
                    legend="Accounts"
                    hint={dialog.accountsHint}
                    error={dialog.fieldErrors.accountIds ?? null}
                    options={dialog.accounts.map((account) => ({
                      key: account.id,
                      label: account.name,
                      hint: null,
                      checked: account.checked,
                      onChange: (checked: boolean) => team.toggleAccount(account.id, checked),
                    }))}
                    type="checkbox"
                    disabled={dialog.isBusy}
                  />
                </div>
                <div className={dialogCss.dialogFooter}>
                  <Button variant="secondary" onClick={team.cancel} disabled={dialog.isBusy}>
                    Cancel
                  </Button>
                  <Button type="submit" variant="primary" disabled={dialog.isBusy}>
                    {dialog.submitLabel}
                  </Button>
                </div>
              </form>
            ) : null}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

function ConfirmationDialog({ confirm, team }: { confirm: ConfirmDialog | null; team: TeamManagementView }) {
  return (
    <Dialog.Root
      open={confirm !== null}
      role="alertdialog"
      onOpenChange={(details) => {
        if (!details.open && !confirm?.isBusy) team.cancel();
      }}
    >
      <Portal>
        <Dialog.Backdrop className={dialogCss.backdrop} />
        <Dialog.Positioner className={dialogCss.positioner}>
          <Dialog.Content className={dialogCss.dialog}>
            {confirm ? (
              <div className={dialogCss.dialogBody}>
                <Dialog.Title className={dialogCss.dialogTitle}>{confirm.title}</Dialog.Title>
                <Dialog.Description className={dialogCss.dialogText}>{confirm.text}</Dialog.Description>
                <AlertRegion message={confirm.error} />
                <div className={dialogCss.dialogFooter}>
                  <Button variant="secondary" onClick={team.cancel} disabled={confirm.isBusy}>
                    Cancel
                  </Button>
                  <Button variant="primary" onClick={team.confirmAction} disabled={confirm.isBusy}>
                    {confirm.confirmLabel}
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

export default TeamView;

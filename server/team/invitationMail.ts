import { ROLE_LABELS, type Role } from '@contract/policy';
import { INVITATION_DAYS } from '@contract/team';
import type { EmailSender } from '../mail/sender';

/**
 * The invitation e-mail (SMTP when configured, else the development outbox): who invites, to which
 * organization, as what, and the single-use link `/auth/invitation/{token}`.
 */
export async function sendInvitationMail(
  email: EmailSender,
  invitation: { to: string; organizationName: string; inviter: string; role: Role; link: string },
): Promise<void> {
  const role = ROLE_LABELS[invitation.role];
  await email.send({
    to: invitation.to,
    subject: `${invitation.inviter} invited you to ${invitation.organizationName} on Flightplan`,
    text: [
      `${invitation.inviter} invited you to join ${invitation.organizationName} on Flightplan as ${article(role)} ${role}.`,
      '',
      `Accept the invitation: ${invitation.link}`,
      '',
      `The link works once and expires in ${INVITATION_DAYS} days. If you did not expect it, ignore this e-mail.`,
    ].join('\n'),
    link: invitation.link,
  });
}

const article = (word: string) => (/^[AEIOU]/.test(word) ? 'an' : 'a');

import { describeBrowser } from '../http/userAgent';
import type { EmailSender } from '../mail/sender';

/**
 * The e-mail after a sign-in from a browser the account had not signed in from (issue 26): when, from what,
 * and what to do if it was not them. A failure to send is logged, never thrown: the sign-in has happened.
 */
export async function sendNewDeviceNotice(email: EmailSender, to: string, userAgent: string | undefined) {
  const browser = describeBrowser(userAgent) ?? 'an unknown browser';
  const when = new Date().toUTCString();
  try {
    await email.send({
      to,
      subject: 'New sign-in to your Flightplan account',
      text: [
        `Your Flightplan account was signed in to from a new device: ${browser}, ${when}.`,
        '',
        'If this was you, there is nothing to do.',
        'If it was not, change your password now and check Settings → Security for sign-in methods you do not know.',
      ].join('\n'),
    });
  } catch (error) {
    console.error('The new-device notice could not be sent:', error);
  }
}

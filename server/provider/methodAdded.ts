import type { VerificationMethod } from '@contract/provider';
import { METHOD_ADDED_ADVICE, methodAddedSentence } from '@contract/securityNotices';
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import { providerAuthenticators, securityNotices, users } from '../db/schema';
import { describeBrowser } from '../http/userAgent';
import type { AuthenticatorRow, ProviderService } from './service';

/**
 * Issue 11: once a new sign-in method is confirmed, the user is told — an e-mail to the sign-in address
 * (through the provider's delivery: SMTP or the outbox) and a notice each of their sessions shows until it
 * is dismissed there. It runs on the provider's side of every confirmation (whoever's browser did it, so an
 * intruder cannot skip it) and goes out once per method: `added_notice_at` is claimed by one update.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Tells the user about `authenticator` if it is confirmed and nobody was told yet. Called with the
 * authenticator of every successful provider verification; a no-op for methods already announced.
 */
export async function announceIfAdded(
  service: ProviderService,
  authenticator: AuthenticatorRow | undefined,
  userAgent: string | undefined,
): Promise<void> {
  if (!authenticator?.verifiedAt || authenticator.addedNoticeAt) return;
  const t = providerAuthenticators;
  const [claimed] = await service.db
    .update(t)
    .set({ addedNoticeAt: new Date() })
    .where(and(eq(t.id, authenticator.id), isNotNull(t.verifiedAt), isNull(t.addedNoticeAt)))
    .returning();
  if (!claimed?.addedNoticeAt) return;

  const browser = describeBrowser(userAgent);
  const [appUser] = UUID.test(claimed.userId)
    ? await service.db.select({ email: users.email }).from(users).where(eq(users.id, claimed.userId))
    : [];
  if (appUser) {
    await service.db.insert(securityNotices).values({
      userId: claimed.userId,
      kind: 'authenticator_added',
      method: claimed.method,
      userAgent: browser,
      createdAt: claimed.addedNoticeAt,
    });
  }
  const to = appUser?.email ?? (await service.findUser(claimed.tenantId, claimed.userId))?.email;
  if (!to) return;
  const sentence = methodAddedSentence({
    method: claimed.method as VerificationMethod,
    browser,
    createdAt: claimed.addedNoticeAt.toISOString(),
  });
  try {
    await service.delivery.email.send({
      to,
      subject: 'A sign-in method was added to your Flightplan account',
      text: `${sentence}\n\n${METHOD_ADDED_ADVICE}\n`,
    });
  } catch (error) {
    // The method is added and the sessions' notice is written; a mail server that refuses must not undo that.
    console.error('The “sign-in method added” e-mail could not be sent:', error);
  }
}

import { organizationsOfUser, userByEmail } from '../auth/store';
import type { Database } from '../db/connect';
import type { SecretBox } from '../db/secretBox';
import { DEMO_IDP_DOMAIN, DEMO_IDP_USERS, type LocalIdp, startLocalIdp } from './localIdp';
import { CALLBACK_PATH } from './routes';
import { saveSsoConfiguration, ssoConfiguration, ssoForDomain } from './store';

/**
 * DEMO_IDP=1 (development only, server/config.ts): starts the local identity provider on its own port and, the
 * first time, sets up the demo user's organization to sign in people at the demo domain with it (as planners
 * in every account). An organization already set up keeps its settings.
 */
export async function setUpDemoIdp(
  db: Database,
  box: SecretBox,
  options: { port: number; appOrigin: string; demoEmail: string },
): Promise<{ idp: LocalIdp; notice: string }> {
  const idp = await startLocalIdp({
    port: options.port,
    redirectUris: [`${options.appOrigin}${CALLBACK_PATH}`],
  });
  const demo = await userByEmail(db, options.demoEmail);
  const [organization] = demo ? await organizationsOfUser(db, demo.id) : [];
  let setUp = 'already set up';
  if (organization && !(await ssoConfiguration(db, organization.id))) {
    if ((await ssoForDomain(db, DEMO_IDP_DOMAIN)).sso) {
      setUp = `not set up: ${DEMO_IDP_DOMAIN} already signs in with another organization`;
    } else {
      await saveSsoConfiguration(db, box, organization.id, {
        issuer: idp.issuer,
        clientId: idp.clientId,
        clientSecret: idp.clientSecret,
        domains: [DEMO_IDP_DOMAIN],
        role: 'planner',
        accountIds: null,
        requireSso: false,
      });
      setUp = `set up for "${organization.name}"`;
    }
  }
  const people = DEMO_IDP_USERS.map((u) => `${u.email}${u.emailVerified ? '' : ' (unverified)'}`).join(', ');
  return {
    idp,
    notice: `Demo identity provider: ${idp.issuer} (single sign-on ${setUp}); sign in with single sign-on as ${people}`,
  };
}

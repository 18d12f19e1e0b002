import { html } from 'hono/html';
import type { SandboxAdAccount } from './accounts';

/** Words for the scopes the sandbox grants, as a platform's consent page lists them. */
const SCOPE_WORDS: Record<string, string> = {
  ads_read: 'See your ad accounts, campaigns and their results',
  ads_management: 'Create, pause, resume and delete campaigns in the ad account you choose',
  business_management: 'See the ad accounts your business manages',
  pages_show_list: 'See the Pages you manage',
  pages_read_engagement: 'Read the content of the Pages your ads run as',
  'https://www.googleapis.com/auth/adwords': 'See, edit, create and delete your Google Ads accounts and data',
};

/**
 * The sandbox platform's consent page: which app asks, for what, and for which of the person's ad
 * accounts. No script at all; `consent` is the sealed request (bound to the session), so the form cannot
 * be forged or its parameters changed.
 */
export function consentPage(page: {
  platformName: string;
  appName: string;
  scopes: string[];
  adAccounts: SandboxAdAccount[];
  consent: string;
  action: string;
}) {
  return html`<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>${page.platformName} · Allow ${page.appName}?</title>
    <link rel="stylesheet" href="/sandbox/oauth/consent.css" />
  </head>
  <body>
    <main class="card">
      <p class="platform">${page.platformName} <span class="sandbox">sandbox</span></p>
      <h1>${page.appName} wants to access your ${page.platformName} ad account</h1>
      <p>If you allow it, ${page.appName} will be able to:</p>
      <ul>
        ${page.scopes.map((scope) => html`<li>${SCOPE_WORDS[scope] ?? scope}</li>`)}
      </ul>
      <form method="post" action="${page.action}">
        <input type="hidden" name="consent" value="${page.consent}" />
        <fieldset>
          <legend>Ad account</legend>
          ${page.adAccounts.map(
            (account, i) => html`<label class="account"
              ><input type="radio" name="ad_account" value="${account.id}" ${i === 0 ? 'checked' : ''} />
              <span>${account.name}</span> <small>${account.id}</small></label
            >`,
          )}
        </fieldset>
        <div class="actions">
          <button type="submit" name="decision" value="cancel" class="secondary">Cancel</button>
          <button type="submit" name="decision" value="allow">Allow</button>
        </div>
      </form>
    </main>
  </body>
</html>`;
}

/** A page for a request the platform cannot send back to the app (unknown client or redirect URI). */
export function problemPage(platformName: string, message: string) {
  return html`<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>${platformName} · Cannot continue</title>
    <link rel="stylesheet" href="/sandbox/oauth/consent.css" />
  </head>
  <body>
    <main class="card">
      <p class="platform">${platformName} <span class="sandbox">sandbox</span></p>
      <h1>This request cannot continue</h1>
      <p role="alert">${message}</p>
    </main>
  </body>
</html>`;
}

export const CONSENT_CSS = `
body { font: 16px/1.5 system-ui, sans-serif; background: #eef1f5; color: #1c2430; margin: 0; }
.card { max-width: 30rem; margin: 3rem auto; background: #fff; border-radius: 12px; padding: 2rem;
  box-shadow: 0 2px 12px rgb(0 0 0 / 0.08); }
.platform { font-weight: 700; font-size: 1.25rem; margin: 0 0 1rem; }
.sandbox { font-size: 0.75rem; font-weight: 600; text-transform: uppercase; background: #fde68a;
  color: #6b4f00; border-radius: 4px; padding: 0.1rem 0.4rem; vertical-align: middle; }
h1 { font-size: 1.3rem; margin: 0 0 1rem; }
fieldset { border: 1px solid #d5dbe3; border-radius: 8px; margin: 1rem 0; padding: 0.5rem 1rem; }
.account { display: flex; gap: 0.5rem; align-items: baseline; padding: 0.35rem 0; }
.account small { color: #5b6573; }
.actions { display: flex; gap: 0.75rem; justify-content: flex-end; }
button { font: inherit; border-radius: 8px; padding: 0.5rem 1.25rem; border: 1px solid #1d4ed8;
  background: #1d4ed8; color: #fff; cursor: pointer; }
button.secondary { background: #fff; color: #1d4ed8; }
button:focus-visible { outline: 3px solid #93c5fd; outline-offset: 2px; }
`;

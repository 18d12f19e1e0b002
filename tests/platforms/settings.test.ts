import { readConfig } from '@server/config';
import { describe, expect, it } from 'vitest';

/**
 * The ad platforms' settings as `readConfig` reads them (docs/real-platforms.md): which connector speaks for
 * which platform, where the real ones send their calls, and where their OAuth grants go. A wrong value stops
 * the start with a message naming the setting.
 */
describe('PLATFORM_CONNECTORS and the real connectors’ settings', () => {
  it('defaults to the sandbox everywhere, with the sandbox’s OAuth endpoints and scope', () => {
    const config = readConfig({});
    expect(config.platforms.connectors).toEqual({});
    expect(config.platforms.meta).toBeUndefined();
    expect(config.platforms.googleAds).toBeUndefined();
    expect(config.oauth.platforms.meta).toMatchObject({
      authorizationUrl: 'http://localhost:3000/sandbox/meta/oauth/authorize',
      tokenUrl: 'http://localhost:3000/sandbox/meta/oauth/token',
      revocationUrl: 'http://localhost:3000/sandbox/meta/oauth/revoke',
      scope: 'ads_read ads_management',
      authorizationParams: {},
    });
  });

  it('refuses unknown connectors and platforms, naming them', () => {
    expect(() => readConfig({ PLATFORM_CONNECTORS: 'meta=facebook' })).toThrow(
      'PLATFORM_CONNECTORS: unknown connector "facebook" for "meta"',
    );
    expect(() => readConfig({ PLATFORM_CONNECTORS: 'myspace=sandbox' })).toThrow(
      'PLATFORM_CONNECTORS: unknown platform "myspace"',
    );
  });

  it('a later `*` fills in only the platforms not named before it', () => {
    const config = readConfig({ PLATFORM_CONNECTORS: 'meta=sandbox,*=sandbox' });
    expect(Object.keys(config.platforms.connectors)).toHaveLength(7);
  });

  it('meta=graph and google=googleads: their APIs on this server’s stand-ins, their OAuth grants as the platforms take them', () => {
    const config = readConfig({ PLATFORM_CONNECTORS: 'meta=graph,google=googleads,*=sandbox', PORT: '4000' });
    expect(config.platforms.connectors).toMatchObject({
      meta: 'graph',
      google: 'googleads',
      tiktok: 'sandbox',
    });
    expect(config.platforms.meta).toEqual({
      url: 'http://localhost:4000/sandbox/meta/graph',
      version: 'v27.0',
      appId: 'flightplan',
      appSecret: 'flightplan-sandbox-secret',
    });
    expect(config.platforms.googleAds).toEqual({
      url: 'http://localhost:4000/sandbox/google-ads',
      version: 'v25',
      developerToken: 'flightplan-sandbox-developer-token',
    });
    // Meta: the sandbox consent page, the token on the Graph API (code and long-lived exchange), no revocation
    // endpoint (DELETE /me/permissions instead).
    expect(config.oauth.platforms.meta).toMatchObject({
      authorizationUrl: 'http://localhost:4000/sandbox/meta/oauth/authorize',
      tokenUrl: 'http://localhost:4000/sandbox/meta/graph/v27.0/oauth/access_token',
      revocationUrl: null,
      scope: 'ads_management ads_read business_management pages_show_list pages_read_engagement',
    });
    // Google: offline access, or no refresh token.
    expect(config.oauth.platforms.google).toMatchObject({
      scope: 'https://www.googleapis.com/auth/adwords',
      authorizationParams: { access_type: 'offline', prompt: 'consent' },
    });
  });

  it('in production: the platforms themselves, and what they need is required', () => {
    const production = {
      NODE_ENV: 'production',
      PLATFORM_CONNECTORS: 'meta=graph,google=googleads',
      OAUTH_META_CLIENT_ID: '1234567890',
      OAUTH_META_CLIENT_SECRET: 'app-secret',
      GOOGLE_ADS_DEVELOPER_TOKEN: 'dev-token',
    };
    const config = readConfig(production);
    expect(config.platforms.meta?.url).toBe('https://graph.facebook.com');
    expect(config.platforms.googleAds?.url).toBe('https://googleads.googleapis.com');
    expect(config.oauth.platforms.meta?.authorizationUrl).toBe('https://www.facebook.com/v27.0/dialog/oauth');
    expect(config.oauth.platforms.google).toMatchObject({
      authorizationUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
      tokenUrl: 'https://oauth2.googleapis.com/token',
      revocationUrl: 'https://oauth2.googleapis.com/revoke',
    });
    expect(() => readConfig({ ...production, GOOGLE_ADS_DEVELOPER_TOKEN: '' })).toThrow(
      'google=googleads needs GOOGLE_ADS_DEVELOPER_TOKEN',
    );
    expect(() => readConfig({ ...production, OAUTH_META_CLIENT_SECRET: '' })).toThrow(
      'meta=graph needs OAUTH_META_CLIENT_ID and OAUTH_META_CLIENT_SECRET',
    );
  });

  it('refuses a real connector for another platform, and bad URLs or versions, naming the setting', () => {
    expect(() => readConfig({ PLATFORM_CONNECTORS: 'tiktok=graph' })).toThrow(
      'the "graph" connector speaks for meta, not "tiktok"',
    );
    const graph = { PLATFORM_CONNECTORS: 'meta=graph' };
    expect(() => readConfig({ ...graph, META_GRAPH_URL: 'http://graph.example.com' })).toThrow(
      'META_GRAPH_URL must be an https URL (http only on this machine)',
    );
    expect(() => readConfig({ ...graph, META_GRAPH_URL: 'not a url' })).toThrow(
      'META_GRAPH_URL must be an absolute URL',
    );
    expect(() => readConfig({ ...graph, META_GRAPH_VERSION: '27' })).toThrow(
      'META_GRAPH_VERSION must look like v27.0, got "27"',
    );
    expect(() =>
      readConfig({ PLATFORM_CONNECTORS: 'google=googleads', GOOGLE_ADS_VERSION: 'v25.1' }),
    ).toThrow('GOOGLE_ADS_VERSION must look like v25');
    expect(() =>
      readConfig({ PLATFORM_CONNECTORS: 'google=googleads', GOOGLE_ADS_URL: 'https://ads.example.com/?x=1' }),
    ).toThrow('GOOGLE_ADS_URL must not have a query or fragment');
  });
});

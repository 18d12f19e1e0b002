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
});

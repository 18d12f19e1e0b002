import { PLATFORMS } from '@contract/reference';
import { isServerRoute } from '@server/app';
import { type ConnectionAccess, NotConnectedError } from '@server/connections/access';
import { credentialsOrNone, readPlatformRules } from '@server/planning/connectorRoutes';
import { createConnectors, type PlatformConnector, PlatformError, SandboxControl } from '@server/platforms';
import { sleep } from '@server/platforms/sleep';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../support/db';
import { TestClient as Client, signedIn, type TestClient, testApp } from '../support/http';

/**
 * The wizard's calls to the platforms (docs/planning.md): GET /planning/platforms,
 * GET /planning/platforms/{key}/interests, POST /planning/audience-estimates, against the sandbox
 * connectors on real PostgreSQL (injected failures live in the database).
 */

const { db } = await freshDatabase();
const sandbox = new SandboxControl(db);
let demo: TestClient;
let anonymous: Client;

beforeAll(async () => {
  demo = await signedIn(db, 'demo');
  anonymous = new Client(testApp(db));
});
afterEach(() => sandbox.clearFailures());

const audience = {
  locations: ['DE', 'AT'],
  ageMin: 25,
  ageMax: 54,
  genders: [],
  languages: ['de'],
  interests: {},
};

describe('GET /planning/platforms', () => {
  it('is the API, not a screen of the app', () => {
    expect(isServerRoute('GET', '/planning/platforms')).toBe(true);
    expect(isServerRoute('GET', '/planning/platforms/meta/interests')).toBe(true);
    expect(isServerRoute('POST', '/planning/audience-estimates')).toBe(true);
    expect(isServerRoute('GET', '/planning/wizard/new/overview')).toBe(false);
  });

  it('answers every platform’s rules in reference order, cacheable for the signed-in browser', async () => {
    const res = await demo.get('/planning/platforms');
    expect(res.status).toBe(200);
    expect(res.body.map((r: { key: string }) => r.key)).toEqual(PLATFORMS.map((p) => p.key));
    expect(res.body[0]).toMatchObject({ key: 'meta', displayName: 'Meta', minAudienceSize: 1000 });
    expect(res.headers.get('cache-control')).toBe('private, max-age=300');
  });

  it('is for signed-in people only', async () => {
    const res = await anonymous.get('/planning/platforms');
    expect(res.status).toBe(401);
    expect(res.body.message).toBe('Sign in to continue');
  });

  it('answers 503 naming the platform that failed', async () => {
    await sandbox.injectFailure('tiktok', 'unavailable', { operation: 'rules' });
    const res = await demo.get('/planning/platforms');
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ errorCode: 'PLATFORM_UNAVAILABLE' });
    expect(res.body.message).toMatch(/^TikTok is not answering right now/);
  });

  it('gives up on a platform that does not answer in time, naming it', async () => {
    const silent = {
      key: 'silent',
      displayName: 'Silent Ads',
      rules: ({ signal }: { signal: AbortSignal }) => sleep(60_000, signal),
    } as unknown as PlatformConnector;
    await expect(readPlatformRules(new Map([['silent', silent]]), { timeoutMs: 30 })).rejects.toMatchObject({
      status: 503,
      message: 'Silent Ads is not answering right now: It did not answer in time.',
    });
  });

  it('refuses other methods', async () => {
    const res = await demo.post('/planning/platforms', {});
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET');
  });
});

describe('GET /planning/platforms/{key}/interests', () => {
  it('searches the platform’s taxonomy, accents and case aside', async () => {
    const res = await demo.get('/planning/platforms/meta/interests?q=POKEMON');
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      expect.objectContaining({ name: 'Pokémon', path: ['Entertainment', 'Games'] }),
    ]);
    expect(res.headers.get('cache-control')).toBe('private, max-age=300');
  });

  it('lists the most popular 20 without a query, and respects the limit', async () => {
    const all = await demo.get('/planning/platforms/linkedin/interests');
    expect(all.status).toBe(200);
    expect(all.body).toHaveLength(20);
    const sizes = all.body.map((i: { audienceSize: number }) => i.audienceSize);
    expect(sizes).toEqual([...sizes].sort((a, b) => b - a));
    expect((await demo.get('/planning/platforms/linkedin/interests?limit=3')).body).toHaveLength(3);
    expect((await demo.get('/planning/platforms/linkedin/interests?limit=50')).body).toHaveLength(50);
  });

  it('answers the interests of saved ids, in order, unknown ones left out', async () => {
    const [a, b] = (await demo.get('/planning/platforms/meta/interests?limit=2')).body;
    const res = await demo.get(`/planning/platforms/meta/interests?id=${b.id}&id=nope&id=${a.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([b, a]);
  });

  it('answers 404 naming an unknown platform', async () => {
    const res = await demo.get('/planning/platforms/myspace/interests?q=music');
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('No platform "myspace"');
  });

  it('answers 400 for a query too long or a limit out of range', async () => {
    const long = await demo.get(`/planning/platforms/meta/interests?q=${'a'.repeat(101)}`);
    expect(long.status).toBe(400);
    expect(long.body.validationErrors.q.message).toBe('Search with at most 100 characters');
    for (const limit of ['0', '51', 'ten', '2.5', '-1']) {
      const res = await demo.get(`/planning/platforms/meta/interests?limit=${limit}`);
      expect(res.status, limit).toBe(400);
      expect(res.body.validationErrors.limit.message).toBe('limit is a whole number from 1 to 50');
    }
  });

  it('is for signed-in people only', async () => {
    expect((await anonymous.get('/planning/platforms/meta/interests?q=a')).status).toBe(401);
  });

  it('answers 503 naming the platform when its search fails', async () => {
    await sandbox.injectFailure('google', 'rate_limit', { operation: 'interests', retryAfterSeconds: 7 });
    const res = await demo.get('/planning/platforms/google/interests?q=travel');
    expect(res.status).toBe(503);
    expect(res.body.message).toMatch(/^Google Ads is not answering right now/);
    expect(res.headers.get('retry-after')).toBe('7');
  });
});

describe('POST /planning/audience-estimates', () => {
  it('answers one estimate per platform asked, in the order asked', async () => {
    const res = await demo.post('/planning/audience-estimates', {
      platforms: ['linkedin', 'meta'],
      objectiveId: 2,
      audience,
    });
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(2);
    expect(res.body[0]).toMatchObject({ platform: 'linkedin', guidance: 'fits', message: null });
    expect(res.body[1].platform).toBe('meta');
    expect(res.body[1].lower).toBeLessThan(res.body[1].upper);
    // Deterministic: the same audience, the same answer.
    const again = await demo.post('/planning/audience-estimates', {
      platforms: ['linkedin', 'meta'],
      objectiveId: 2,
      audience,
    });
    expect(again.body).toEqual(res.body);
  });

  it('narrows by each platform’s own interests and guides with its daily budget', async () => {
    const [pokemon] = (await demo.get('/planning/platforms/meta/interests?q=pokemon')).body;
    const res = await demo.post('/planning/audience-estimates', {
      platforms: ['meta', 'google'],
      objectiveId: 2,
      audience: { ...audience, interests: { meta: [pokemon.id] } },
      dailyBudgetMinor: { google: 100 },
    });
    expect(res.status).toBe(200);
    const [meta, google] = res.body;
    const broad = (
      await demo.post('/planning/audience-estimates', { platforms: ['meta'], objectiveId: 2, audience })
    ).body[0];
    expect(meta.upper).toBeLessThan(broad.upper);
    expect(google).toMatchObject({ guidance: 'too_broad' });
    expect(google.message).toMatch(/Google Ads/);
  });

  it('says too narrow, naming the platform and its minimum', async () => {
    const res = await demo.post('/planning/audience-estimates', {
      platforms: ['meta'],
      objectiveId: 2,
      audience: { ...audience, locations: ['VA'] },
    });
    expect(res.body[0]).toMatchObject({ guidance: 'too_narrow' });
    expect(res.body[0].message).toMatch(/^Too narrow for Meta: .* at least 1,000 people\.$/);
  });

  it('answers 400 at `platforms` for an unknown platform, and for bad bodies', async () => {
    const unknown = await demo.post('/planning/audience-estimates', {
      platforms: ['meta', 'myspace'],
      objectiveId: 2,
      audience,
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.validationErrors.platforms.message).toBe('Unknown platform: myspace');

    const bad = await demo.post('/planning/audience-estimates', {
      platforms: ['meta'],
      objectiveId: 2,
      audience: { ...audience, locations: ['XX'] },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.validationErrors['audience.locations'].message).toBe('Choose countries from the list');

    const none = await demo.post('/planning/audience-estimates', { platforms: [], objectiveId: 2, audience });
    expect(none.status).toBe(400);
    expect(none.body.validationErrors.platforms.message).toBe('Choose at least one platform');

    const notJson = await demo.post('/planning/audience-estimates', '{', {
      'content-type': 'application/json',
    });
    expect(notJson.status).toBe(400);
  });

  it('answers 400 at the platform’s interests for an id not in its taxonomy', async () => {
    const res = await demo.post('/planning/audience-estimates', {
      platforms: ['meta'],
      objectiveId: 2,
      audience: { ...audience, interests: { meta: ['urn:li:interest:1'] } },
    });
    expect(res.status).toBe(400);
    expect(res.body.validationErrors['audience.interests.meta'].message).toBe(
      'Meta has no interest urn:li:interest:1.',
    );
  });

  it('is for signed-in people only', async () => {
    const res = await anonymous.post('/planning/audience-estimates', {
      platforms: ['meta'],
      objectiveId: 2,
      audience,
    });
    expect(res.status).toBe(401);
  });

  it('a platform that is not answering says so in its place; the others’ estimates stand', async () => {
    await sandbox.injectFailure('snapchat', 'unavailable', { operation: 'estimate' });
    const res = await demo.post('/planning/audience-estimates', {
      platforms: ['meta', 'snapchat'],
      objectiveId: 2,
      audience,
    });
    expect(res.status).toBe(200);
    expect(res.body[0]).toMatchObject({ platform: 'meta', guidance: expect.any(String) });
    expect(res.body[0].lower).toBeGreaterThan(0);
    expect(res.body[1]).toEqual({
      platform: 'snapchat',
      unavailable: expect.stringMatching(/^Snapchat is not answering right now/),
    });
  });

  it('a platform whose connection no longer works says so in its words, in its place', async () => {
    await sandbox.injectFailure('snapchat', 'expired_credential', { operation: 'estimate' });
    const res = await demo.post('/planning/audience-estimates', {
      platforms: ['meta', 'snapchat'],
      objectiveId: 2,
      audience,
    });
    expect(res.status).toBe(200);
    expect(res.body[0].platform).toBe('meta');
    expect(res.body[0].lower).toBeGreaterThan(0);
    expect(res.body[1]).toEqual({
      platform: 'snapchat',
      unavailable: expect.stringMatching(/^The connection to Snapchat has expired/),
    });
  });

  it('gives up on a platform that hangs, saying so in its place', async () => {
    const slow = testApp(db, {
      connectors: createConnectors(db, {
        connectors: {},
        sandbox: { delayMs: 0, reviewMs: 0, hangMs: 200 },
      }),
    });
    const client = await new Client(slow).signIn('demo@flightplan.test');
    await sandbox.injectFailure('pinterest', 'hang', { operation: 'estimate' });
    const res = await client.post('/planning/audience-estimates', {
      platforms: ['pinterest'],
      objectiveId: 2,
      audience,
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      { platform: 'pinterest', unavailable: expect.stringMatching(/^Pinterest is not answering right now/) },
    ]);
  });
});

describe('the account’s connection for a planning call', () => {
  const connectors = createConnectors(db, { connectors: {}, sandbox: { delayMs: 0, reviewMs: 0 } });
  const refusing = (error: Error): ConnectionAccess => ({
    credentialsFor: async () => {
      throw error;
    },
    noteFailure: async () => {},
  });

  it('is none when the account has not connected the platform; any other failure is said as the platform’s', async () => {
    expect(
      await credentialsOrNone(
        connectors,
        refusing(new NotConnectedError('google', 'not_connected')),
        'a',
        'google',
      ),
    ).toBeUndefined();
    // A refresh the platform refused: reconnect (409), not "connect it first".
    const refused = await credentialsOrNone(
      connectors,
      refusing(new PlatformError('google', 'credentials_expired', 'The refresh token was revoked.')),
      'a',
      'google',
    ).catch((error: unknown) => error);
    expect(refused).toMatchObject({ status: 409, message: 'The refresh token was revoked.' });
    // Its token endpoint down: an outage (503), never hidden as "not connected".
    const down = await credentialsOrNone(
      connectors,
      refusing(new PlatformError('google', 'unavailable', 'The token endpoint did not answer.')),
      'a',
      'google',
    ).catch((error: unknown) => error);
    expect(down).toMatchObject({ status: 503 });
    expect((down as Error).message).toMatch(/^Google Ads is not answering right now: The token endpoint/);
    await expect(
      credentialsOrNone(connectors, refusing(new Error('database gone')), 'a', 'google'),
    ).rejects.toThrow('database gone');
  });
});

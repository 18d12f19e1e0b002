import { readConfig } from '@server/config';
import { DEMO_EMAIL } from '@server/seed/seed';
import { setUpDemoIdp } from '@server/sso/demo';
import { DEMO_IDP_DOMAIN } from '@server/sso/localIdp';
import { afterAll, describe, expect, it } from 'vitest';
import { TEST_SECRET_BOX } from '../support/connections';
import { freshDatabase } from '../support/db';
import { signedIn, TestClient, testApp } from '../support/http';
import { pathOf, signInAtIdp, startFederation } from './idp';

const { db } = await freshDatabase();

describe('DEMO_IDP', () => {
  it('is off by default, on with 1, refused in production', () => {
    expect(readConfig({}).demoIdp).toEqual({ enabled: false, port: 4010 });
    expect(readConfig({ DEMO_IDP: '1', DEMO_IDP_PORT: '4999' }).demoIdp).toEqual({
      enabled: true,
      port: 4999,
    });
    expect(() => readConfig({ DEMO_IDP: '1', NODE_ENV: 'production' })).toThrow(/production/);
    expect(() => readConfig({ DEMO_IDP: 'yes' })).toThrow(/DEMO_IDP/);
  });

  const started: { close(): Promise<void> }[] = [];
  afterAll(() => Promise.all(started.map((s) => s.close())));

  it('starts the identity provider and sets up the demo organization to sign in with it', async () => {
    const { idp, notice } = await setUpDemoIdp(db, TEST_SECRET_BOX, {
      port: 0,
      appOrigin: 'http://localhost',
      demoEmail: DEMO_EMAIL,
    });
    started.push(idp);
    expect(notice).toContain(idp.issuer);
    const demo = await signedIn(db);
    const orgId = (await demo.get('/api/auth/user')).body.currentOrganization.id;
    expect((await demo.get(`/api/organizations/${orgId}/sso`)).body).toMatchObject({
      configured: true,
      issuer: idp.issuer,
      domains: [DEMO_IDP_DOMAIN],
      role: 'planner',
    });
    const client = new TestClient(testApp(db));
    const callback = await signInAtIdp(
      await startFederation(client, DEMO_IDP_DOMAIN),
      `ada@${DEMO_IDP_DOMAIN}`,
    );
    expect((await client.get(pathOf(callback))).headers.get('location')).toBe('/');
    expect((await client.get('/api/auth/user')).body).toMatchObject({
      email: `ada@${DEMO_IDP_DOMAIN}`,
      role: 'planner',
    });
  });
});

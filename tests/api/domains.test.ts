import * as t from '@server/db/schema';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { freshDatabase } from '../support/db';
import { signedIn, TestClient, testApp } from '../support/http';

/**
 * Issue 26: an owner whose plan has white-label adds the organization's own domains; a sign-in page opened
 * with `domain=<host>` (or served on that host) shows that organization's brand; an unknown domain shows
 * Flightplan's. The icon the page shows loads signed out, and only that one.
 */

const { db } = await freshDatabase();
const demo = await signedIn(db);
const me = (await demo.get('/api/auth/user')).body;
const orgId: string = me.currentOrganization.id;
const anonymous = () => new TestClient(testApp(db));

describe('custom domains', () => {
  it('are refused on a plan without white-label, then added, listed, refused twice and removed', async () => {
    await db.update(t.organizations).set({ planCode: 'starter' }).where(eq(t.organizations.id, orgId));
    const refused = await demo.post(`/api/organizations/${orgId}/domains`, { domain: 'ads.demo.example' });
    expect(refused.status).toBe(403);
    expect(refused.body.errorCode).toBe('REQUIRES_UPGRADE');

    await db.update(t.organizations).set({ planCode: 'agency' }).where(eq(t.organizations.id, orgId));
    const added = await demo.post(`/api/organizations/${orgId}/domains`, { domain: ' Ads.Demo.Example ' });
    expect(added.status).toBe(201);
    expect(added.body).toEqual({ domain: 'ads.demo.example', createdAt: expect.any(String) });
    expect(
      (await demo.get(`/api/organizations/${orgId}/domains`)).body.map((d: { domain: string }) => d.domain),
    ).toEqual(['ads.demo.example']);
    const twice = await demo.post(`/api/organizations/${orgId}/domains`, { domain: 'ads.demo.example' });
    expect(twice.status).toBe(409);
    expect(twice.body.validationErrors.domain.message).toBe('ads.demo.example is already in use');

    // Another organization cannot take it, nor see or remove this one's.
    const rival = await signedIn(db, 'rival');
    const rivalOrg = (await rival.get('/api/auth/user')).body.currentOrganization.id;
    await db.update(t.organizations).set({ planCode: 'agency' }).where(eq(t.organizations.id, rivalOrg));
    expect(
      (await rival.post(`/api/organizations/${rivalOrg}/domains`, { domain: 'ads.demo.example' })).status,
    ).toBe(409);
    expect((await rival.get(`/api/organizations/${orgId}/domains`)).status).toBe(404);
    expect((await rival.delete(`/api/organizations/${orgId}/domains/ads.demo.example`)).status).toBe(404);

    for (const domain of [
      'https://ads.demo.example',
      'ads.demo.example:8443',
      'localhost',
      '10.0.0.1',
      'a..b.example',
      '',
    ]) {
      const bad = await demo.post(`/api/organizations/${orgId}/domains`, { domain });
      expect(bad.status, domain).toBe(400);
      expect(bad.body.validationErrors.domain, domain).toBeDefined();
    }
  });

  it('a sign-in page for the domain shows the brand; an unknown one shows Flightplan', async () => {
    await demo.patch('/api/organization/white-label', {
      whiteLabelIsEnabled: true,
      whiteLabelBrandName: 'Demo Ads',
      whiteLabelPrimaryHexCode: '#112233',
    });
    const branded = await anonymous().get('/api/auth/brand?domain=ads.demo.example');
    expect(branded.body).toEqual({
      brandName: 'Demo Ads',
      iconUrl: null,
      primaryHex: '#112233',
      navbarHex: expect.any(String),
      organizationDomain: true,
    });
    // Served on the host itself: the same.
    const onHost = await anonymous().get('/api/auth/brand', { host: 'ads.demo.example' });
    expect(onHost.body.brandName).toBe('Demo Ads');
    const unknown = await anonymous().get('/api/auth/brand?domain=nobody.example');
    expect(unknown.body).toMatchObject({ brandName: 'Flightplan', iconUrl: null, organizationDomain: false });
    const garbage = await anonymous().get('/api/auth/brand?domain=%3Cscript%3E');
    expect(garbage.status).toBe(200);
    expect(garbage.body.brandName).toBe('Flightplan');
  });

  it('its current icon loads signed out; another organization’s icon does not', async () => {
    // The organization's current icon (the upload itself is the white-label tests' matter).
    const [icon] = await db
      .insert(t.brandIcons)
      .values({ organizationId: orgId, png: Buffer.from('not really a png') })
      .returning();
    await db
      .update(t.organizations)
      .set({ whiteLabelIconUuid: icon!.uuid })
      .where(eq(t.organizations.id, orgId));
    const rival = await signedIn(db, 'rival');
    const rivalOrg = (await rival.get('/api/auth/user')).body.currentOrganization.id;
    const [rivalIcon] = await db
      .insert(t.brandIcons)
      .values({ organizationId: rivalOrg, png: Buffer.from('x') })
      .returning();
    await db
      .update(t.organizations)
      .set({ whiteLabelIconUuid: rivalIcon!.uuid })
      .where(eq(t.organizations.id, rivalOrg));
    expect((await anonymous().get(`/api/brand-icons/${rivalIcon!.uuid}`)).status).toBe(404);
    expect((await demo.get(`/api/brand-icons/${rivalIcon!.uuid}`)).status).toBe(404);
    const brand = (await anonymous().get('/api/auth/brand?domain=ads.demo.example')).body;
    expect(brand.iconUrl).toMatch(/^\/api\/brand-icons\//);
    expect((await anonymous().get(brand.iconUrl)).status).toBe(200);
    // Once the domain is gone, the icon is the members' again.
    expect((await demo.delete(`/api/organizations/${orgId}/domains/ads.demo.example`)).status).toBe(204);
    expect((await anonymous().get(brand.iconUrl)).status).toBe(404);
    expect((await demo.get(brand.iconUrl)).status).toBe(200);
  });
});

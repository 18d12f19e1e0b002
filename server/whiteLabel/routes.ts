import { hasWhiteLabelFeature } from '@contract/plans';
import {
  brandIconUrl,
  DEFAULT_NAVBAR_BACKGROUND_HEX,
  DEFAULT_PRIMARY_HEX,
  DomainRequestSchema,
  DomainSchema,
  ICON_CONTENT_TYPES,
  ICON_MAX_BYTES,
  isWhiteLabelActive,
  type SignInBrand,
  type WhiteLabelSettings,
  WhiteLabelUpdateSchema,
} from '@contract/whiteLabel';
import { Hono } from 'hono';
import * as v from 'valibot';
import { currentOrganization } from '../auth/currentOrganization';
import { serializeOrganization } from '../auth/serialize';
import { organizationById } from '../auth/store';
import { requireFeature } from '../billing/requireFeature';
import { definedOnly } from '../http/definedOnly';
import type { AppEnv } from '../http/env';
import { HttpError, parseWith, readJsonObject } from '../http/errors';
import { allow } from '../http/policy';
import { readBodyBytes } from '../http/readBody';
import { toBrandIconPng, unsupportedImage } from './brandIcon';
import { addDomain, listDomains, organizationOfDomain, publicBrandIcon, removeDomain } from './domains';
import { brandIconForMember, removeBrandIcon, replaceBrandIcon, updateWhiteLabelSettings } from './store';

const ORG = { organizationParam: 'orgId' } as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ICON_TOO_LARGE = 'The image must be 2 MB or smaller';
const iconNotFound = () => new HttpError(404, 'Icon not found');

/** The current organization's white-label settings and icon, and the icons themselves. */
export function createWhiteLabelRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  routes.get('/api/organization/white-label', allow('organization.read'), async (c) => {
    const { organization } = await currentOrganization(c);
    c.header('Cache-Control', 'no-store');
    return c.json<WhiteLabelSettings>({
      whiteLabelIsEnabled: organization.whiteLabelIsEnabled,
      hasWhiteLabelFeature: hasWhiteLabelFeature(organization.planCode),
      whiteLabelBrandName: organization.whiteLabelBrandName,
      whiteLabelPrimaryHexCode: organization.whiteLabelPrimaryHexCode,
      whiteLabelNavbarBackgroundHexCode: organization.whiteLabelNavbarBackgroundHexCode,
      whiteLabelIconUuid: organization.whiteLabelIconUuid,
      iconUrl: organization.whiteLabelIconUuid ? brandIconUrl(organization.whiteLabelIconUuid) : null,
    });
  });

  routes.patch('/api/organization/white-label', allow('whiteLabel.manage'), async (c) => {
    const { organization } = await currentOrganization(c);
    const body = await readJsonObject(c);
    requireFeature(organization, 'whiteLabel');
    const input = parseWith(WhiteLabelUpdateSchema, body);
    const changes = definedOnly(input);
    if (Object.keys(changes).length === 0)
      return c.json(serializeOrganization(organization, c.get('stepUpTenantId')));
    const updated = await updateWhiteLabelSettings(c.get('db'), organization.id, changes);
    return c.json(serializeOrganization(updated, c.get('stepUpTenantId')));
  });

  routes.put('/api/organization/white-label/icon', allow('whiteLabel.manage'), async (c) => {
    const { organization } = await currentOrganization(c);
    const declared = Number(c.req.header('content-length'));
    if (Number.isFinite(declared) && declared > ICON_MAX_BYTES) {
      throw new HttpError(413, ICON_TOO_LARGE, { errorCode: 'PAYLOAD_TOO_LARGE' });
    }
    requireFeature(organization, 'whiteLabel');
    const type = (c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
    if (!(ICON_CONTENT_TYPES as readonly string[]).includes(type)) throw unsupportedImage();
    const png = await toBrandIconPng(await readBodyBytes(c, ICON_MAX_BYTES, ICON_TOO_LARGE));
    const updated = await replaceBrandIcon(c.get('db'), organization.id, png);
    return c.json(serializeOrganization(updated, c.get('stepUpTenantId')));
  });

  // Removing the icon needs no plan feature: a downgraded organization may still clean up.
  routes.delete('/api/organization/white-label/icon', allow('whiteLabel.manage'), async (c) => {
    const { organization } = await currentOrganization(c);
    const updated = await removeBrandIcon(c.get('db'), organization.id);
    return c.json(serializeOrganization(updated, c.get('stepUpTenantId')));
  });

  /**
   * Members of the icon's organization; and anyone, for the current icon of an organization with a domain of
   * its own (its branded sign-in page shows it). Everyone else (signed out included) gets the missing-icon 404.
   */
  routes.get('/api/brand-icons/:uuid', allow('public'), async (c) => {
    const session = c.get('session');
    const uuid = c.req.param('uuid');
    if (!UUID.test(uuid)) throw iconNotFound();
    const icon =
      (session && (await brandIconForMember(c.get('db'), uuid, session.userId))) ||
      (await publicBrandIcon(c.get('db'), uuid));
    if (!icon) throw iconNotFound();
    return c.body(new Uint8Array(icon.png), 200, {
      'Content-Type': 'image/png',
      'Content-Length': String(icon.png.length),
      // The uuid changes on every upload, so a URL's bytes never change; private: no shared cache keeps it.
      'Cache-Control': 'private, max-age=31536000, immutable',
    });
  });

  routes.get('/api/organizations/:orgId/domains', allow('organization.read', ORG), async (c) =>
    c.json(await listDomains(c.get('db'), c.req.param('orgId'))),
  );

  routes.post('/api/organizations/:orgId/domains', allow('whiteLabel.manage', ORG), async (c) => {
    const db = c.get('db');
    const organization = await organizationById(db, c.req.param('orgId'));
    if (!organization) throw new HttpError(404, 'Organization not found');
    requireFeature(organization, 'whiteLabel');
    const { domain } = parseWith(DomainRequestSchema, await readJsonObject(c));
    return c.json(await addDomain(db, organization.id, domain), 201);
  });

  routes.delete('/api/organizations/:orgId/domains/:domain', allow('whiteLabel.manage', ORG), async (c) => {
    const removed = await removeDomain(
      c.get('db'),
      c.req.param('orgId'),
      c.req.param('domain').toLowerCase(),
    );
    if (!removed) throw new HttpError(404, 'Domain not found');
    return c.body(null, 204);
  });

  /**
   * What a sign-in page shows (public): for `domain` (or, without one, the host the page is served on) the
   * brand of the organization it belongs to when its white-label is active, otherwise Flightplan's.
   */
  routes.get('/api/auth/brand', allow('public'), async (c) => {
    const raw = c.req.query('domain') ?? c.req.header('host')?.replace(/:\d+$/, '') ?? '';
    const parsed = v.safeParse(DomainSchema, raw);
    const organization = parsed.success ? await organizationOfDomain(c.get('db'), parsed.output) : undefined;
    const active =
      organization !== undefined &&
      isWhiteLabelActive({
        whiteLabelIsEnabled: organization.whiteLabelIsEnabled,
        hasWhiteLabelFeature: hasWhiteLabelFeature(organization.planCode),
      });
    c.header('Cache-Control', 'no-store');
    return c.json<SignInBrand>(
      active
        ? {
            brandName: organization.whiteLabelBrandName || organization.name,
            iconUrl: organization.whiteLabelIconUuid ? brandIconUrl(organization.whiteLabelIconUuid) : null,
            primaryHex: organization.whiteLabelPrimaryHexCode,
            navbarHex: organization.whiteLabelNavbarBackgroundHexCode,
            organizationDomain: true,
          }
        : {
            brandName: 'Flightplan',
            iconUrl: null,
            primaryHex: DEFAULT_PRIMARY_HEX,
            navbarHex: DEFAULT_NAVBAR_BACKGROUND_HEX,
            organizationDomain: organization !== undefined,
          },
    );
  });

  return routes;
}

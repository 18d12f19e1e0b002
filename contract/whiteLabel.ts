import * as v from 'valibot';
import { OrganizationSchema } from './auth';
import { noControlCharacters } from './text';

/** White-label branding: defaults, limits, the page title rule and PATCH/GET /api/organization/white-label. */

// --- white-label ------------------------------------------------------------------------------------

export const DEFAULT_PRIMARY_HEX = '#05d197';
export const DEFAULT_NAVBAR_BACKGROUND_HEX = '#ffffff';
export const DEFAULT_NAVBAR_TEXT_HEX = '#111111';
export const BRAND_NAME_MAX = 60;
/** Icons are stored as ICON_SIZE × ICON_SIZE PNG. */
export const ICON_SIZE = 128;
export const ICON_MAX_BYTES = 2 * 1024 * 1024;
export const ICON_CONTENT_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/svg+xml'] as const;

/** Where the browser loads an icon from (only members of its organization may). */
export function brandIconUrl(uuid: string): string {
  return `/api/brand-icons/${uuid}`;
}

/** White-label styling (and the branded page title) needs both the switch and the plan feature. */
export function isWhiteLabelActive(organization: {
  whiteLabelIsEnabled: boolean;
  hasWhiteLabelFeature: boolean;
}): boolean {
  return organization.whiteLabelIsEnabled && organization.hasWhiteLabelFeature;
}

/** The page title: the brand name when white-label is active and a name is set, otherwise the product name. */
export function pageTitle(
  organization:
    | { whiteLabelIsEnabled: boolean; hasWhiteLabelFeature: boolean; whiteLabelBrandName: string | null }
    | null
    | undefined,
  productName: string,
): string {
  if (organization && isWhiteLabelActive(organization) && organization.whiteLabelBrandName) {
    return organization.whiteLabelBrandName;
  }
  return productName;
}

const HexColour = (label: string) =>
  v.pipe(
    v.string(`${label} must be text`),
    v.trim(),
    v.regex(/^#[0-9a-fA-F]{6}$/, 'Use a colour in the form #rrggbb'),
    v.toLowerCase(),
  );

/** PATCH /api/organization/white-label: every field optional; a null or empty brand name clears it. */
export const WhiteLabelUpdateSchema = v.object({
  whiteLabelIsEnabled: v.optional(v.boolean('Choose on or off')),
  whiteLabelBrandName: v.optional(
    v.pipe(
      v.nullable(v.pipe(v.string('The brand name must be text'), v.trim())),
      v.transform((name) => (name ? name : null)),
      v.nullable(
        v.pipe(
          v.string(),
          v.maxLength(BRAND_NAME_MAX, `Use at most ${BRAND_NAME_MAX} characters`),
          noControlCharacters,
        ),
      ),
    ),
  ),
  whiteLabelPrimaryHexCode: v.optional(HexColour('The primary colour')),
  whiteLabelNavbarBackgroundHexCode: v.optional(HexColour('The navbar colour')),
});
export type WhiteLabelUpdate = v.InferInput<typeof WhiteLabelUpdateSchema>;

/** GET /api/organization/white-label */
export const WhiteLabelSettingsSchema = v.object({
  whiteLabelIsEnabled: v.boolean(),
  hasWhiteLabelFeature: v.boolean(),
  whiteLabelBrandName: v.nullable(v.string()),
  whiteLabelPrimaryHexCode: v.string(),
  whiteLabelNavbarBackgroundHexCode: v.string(),
  whiteLabelIconUuid: v.nullable(v.string()),
  /** brandIconUrl(whiteLabelIconUuid), or null without an icon. */
  iconUrl: v.nullable(v.string()),
});
export type WhiteLabelSettings = v.InferOutput<typeof WhiteLabelSettingsSchema>;

/** PATCH /api/organization/white-label, PUT and DELETE …/icon answer with the updated organization. */
export const WhiteLabelUpdateResponseSchema = OrganizationSchema;

// --- custom domains and the branded sign-in page (issue 26) -------------------------------------------------

/** A host name of the organization's own (`ads.agency.example`): lower-case labels, at least one dot. */
export const DomainSchema = v.pipe(
  v.optional(v.string('Enter a domain such as ads.agency.example'), ''),
  v.trim(),
  v.toLowerCase(),
  v.nonEmpty('Enter a domain such as ads.agency.example'),
  v.maxLength(253, 'A domain has at most 253 characters'),
  v.regex(
    /^(?=.{1,253}$)(?!-)[a-z0-9-]{1,63}(?<!-)(\.(?!-)[a-z0-9-]{1,63}(?<!-))*\.[a-z]{2,63}$/,
    'Enter a domain such as ads.agency.example (no scheme, port or path)',
  ),
);
export const DomainRequestSchema = v.object({ domain: DomainSchema });
export const DomainSchemaOut = v.object({ domain: v.string(), createdAt: v.string() });
export const DomainListSchema = v.array(DomainSchemaOut);
export type OrganizationDomain = v.InferOutput<typeof DomainSchemaOut>;

/**
 * GET /api/auth/brand?domain=…: what a sign-in page shows for a domain (or the host it is served on): the
 * organization's brand when the domain is one of its own and its white-label is active, else Flightplan's.
 */
export const SignInBrandSchema = v.object({
  brandName: v.string(),
  iconUrl: v.nullable(v.string()),
  primaryHex: v.string(),
  navbarHex: v.string(),
  /** Whether the domain belongs to an organization (its single sign-on, when set up, is offered). */
  organizationDomain: v.boolean(),
});
export type SignInBrand = v.InferOutput<typeof SignInBrandSchema>;

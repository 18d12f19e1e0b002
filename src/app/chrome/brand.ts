import { brandIconUrl, isWhiteLabelActive, pageTitle } from '@contract/whiteLabel';
import type { SessionOrganization } from '@machines/session';
import { PRODUCT_NAME } from '@src/ui/constants';

/** How the app presents itself for an organization: white-label (enabled and on the plan) or Flightplan. */
export interface Brand {
  /** The page title and the navbar's name. */
  name: string;
  /** The organization's icon (GET /api/brand-icons/<uuid>), or null for the Flightplan mark. */
  iconUrl: string | null;
  /** White-label colours to apply, or null for the default theme. */
  colours: { primary: string; navbar: string } | null;
  isWhiteLabel: boolean;
}

export function brandOf(organization: SessionOrganization | null): Brand {
  const active = organization !== null && isWhiteLabelActive(organization);
  return {
    name: pageTitle(organization, PRODUCT_NAME),
    iconUrl: active && organization.whiteLabelIconUuid ? brandIconUrl(organization.whiteLabelIconUuid) : null,
    colours: active
      ? {
          primary: organization.whiteLabelPrimaryHexCode,
          navbar: organization.whiteLabelNavbarBackgroundHexCode,
        }
      : null,
    isWhiteLabel: active,
  };
}

import type { Organization } from '@contract/auth';
import { BillingStateSchema, type ChangePlanRequest } from '@contract/billing';
import { type OnboardingRequest, SuccessSchema } from '@contract/shell';
import {
  brandIconUrl,
  WhiteLabelSettingsSchema,
  type WhiteLabelUpdate,
  WhiteLabelUpdateResponseSchema,
} from '@contract/whiteLabel';
import * as v from 'valibot';
import { parseResponse, readJson, requestJson, send } from './http';

/** The white-label settings as the page's chart holds them. */
export interface WhiteLabelStateDto {
  hasFeature: boolean;
  isEnabled: boolean;
  brandName: string;
  primaryHex: string;
  navbarHex: string;
  iconUrl: string | null;
}

const fromOrganization = (organization: Organization): WhiteLabelStateDto => ({
  hasFeature: organization.hasWhiteLabelFeature,
  isEnabled: organization.whiteLabelIsEnabled,
  brandName: organization.whiteLabelBrandName ?? '',
  primaryHex: organization.whiteLabelPrimaryHexCode,
  navbarHex: organization.whiteLabelNavbarBackgroundHexCode,
  iconUrl: organization.whiteLabelIconUuid ? brandIconUrl(organization.whiteLabelIconUuid) : null,
});

/**
 * The shell calls behind the settings pages (contract/shell.ts). Every answer is parsed with its schema;
 * failures reject with an ApiError (status, message, errorCode, validationErrors).
 */
export const settingsApi = {
  completeOnboarding: (request: OnboardingRequest) =>
    requestJson('POST', 'api/onboarding', SuccessSchema, { json: request }),

  billing: () => requestJson('GET', 'api/billing', BillingStateSchema),
  changePlan: (request: ChangePlanRequest) =>
    requestJson('POST', 'api/billing/plan', BillingStateSchema, { json: request }),

  whiteLabel: async (): Promise<WhiteLabelStateDto> => {
    const settings = await requestJson('GET', 'api/organization/white-label', WhiteLabelSettingsSchema);
    return {
      hasFeature: settings.hasWhiteLabelFeature,
      isEnabled: settings.whiteLabelIsEnabled,
      brandName: settings.whiteLabelBrandName ?? '',
      primaryHex: settings.whiteLabelPrimaryHexCode,
      navbarHex: settings.whiteLabelNavbarBackgroundHexCode,
      iconUrl:
        settings.iconUrl ?? (settings.whiteLabelIconUuid ? brandIconUrl(settings.whiteLabelIconUuid) : null),
    };
  },
  updateWhiteLabel: async (update: WhiteLabelUpdate): Promise<WhiteLabelStateDto> =>
    fromOrganization(
      await requestJson('PATCH', 'api/organization/white-label', WhiteLabelUpdateResponseSchema, {
        json: update,
      }),
    ),

  /** PUT the file's bytes as they are, with its own content type (the server checks and resizes them). */
  uploadIcon: async (file: Blob): Promise<{ iconUrl: string | null }> => {
    const what = 'PUT /api/organization/white-label/icon';
    const response = await send('api/organization/white-label/icon', {
      method: 'PUT',
      // The bytes as they are (an ArrayBuffer is a body every fetch accepts, whichever Blob made the File).
      body: await file.arrayBuffer(),
      headers: { 'content-type': file.type || 'application/octet-stream' },
    });
    const organization = parseResponse(WhiteLabelUpdateResponseSchema, await readJson(response, what), what);
    return { iconUrl: fromOrganization(organization).iconUrl };
  },
  removeIcon: async (): Promise<{ iconUrl: string | null }> => {
    const organization = await requestJson(
      'DELETE',
      'api/organization/white-label/icon',
      v.nullable(WhiteLabelUpdateResponseSchema),
    );
    return { iconUrl: organization ? fromOrganization(organization).iconUrl : null };
  },
};

import * as v from 'valibot';
import { STEP_UP_HEADER } from '../../../contract/stepUp';
import { requestJson } from '../../api/http';

/**
 * `DELETE /api/platforms/{key}/connection`, with the verified step-up token once the person confirmed it's
 * them (a disconnect is a risky action: the server answers CHALLENGE_REQUIRED without one). Refused (409)
 * while the platform runs the account's campaigns.
 */
export function disconnectPlatform(platform: string, stepUpToken: string | null): Promise<unknown> {
  return requestJson('DELETE', `api/platforms/${encodeURIComponent(platform)}/connection`, v.unknown(), {
    headers: stepUpToken ? { [STEP_UP_HEADER]: stepUpToken } : {},
  });
}

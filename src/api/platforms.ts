import {
  type AdAccountChoice,
  AdAccountChoiceSchema,
  ChooseAdAccountResultSchema,
  ConnectResponseSchema,
  type PlatformConnection,
  PlatformConnectionsSchema,
} from '@contract/connections';
import { STEP_UP_HEADER } from '@contract/stepUp';
import * as v from 'valibot';
import { requestJson } from './http';

/** `GET /api/platforms/connections`: the account's connection to every platform (never a token). */
export function loadConnections(signal?: AbortSignal): Promise<PlatformConnection[]> {
  return requestJson('GET', 'api/platforms/connections', PlatformConnectionsSchema, { signal });
}

/** `POST /api/platforms/{key}/connect`: the platform's consent page to send the browser to. */
export function startConnect(
  platform: string,
  returnTo: string,
  stepUpToken: string | null = null,
): Promise<{ authorizationUrl: string }> {
  return requestJson('POST', `api/platforms/${encodeURIComponent(platform)}/connect`, ConnectResponseSchema, {
    json: { returnTo },
    // Over an existing connection Connect is a risky action: the server answers CHALLENGE_REQUIRED without one.
    headers: stepUpToken ? { [STEP_UP_HEADER]: stepUpToken } : {},
  });
}

/** `POST /api/platforms/{key}/sync`: queues a delivery sync of the connection (429 within a minute of the last). */
export function requestSync(platform: string): Promise<unknown> {
  return requestJson('POST', `api/platforms/${encodeURIComponent(platform)}/sync`, v.unknown());
}

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

/** `GET /api/platforms/{key}/ad-account-choices/{id}`: the ad accounts a grant reaches, to choose one. */
export function loadAdAccountChoice(platform: string, choiceId: string): Promise<AdAccountChoice> {
  return requestJson(
    'GET',
    `api/platforms/${encodeURIComponent(platform)}/ad-account-choices/${encodeURIComponent(choiceId)}`,
    AdAccountChoiceSchema,
  );
}

/** `POST /api/platforms/{key}/ad-account-choices/{id}`: connects the ad account chosen. */
export function chooseAdAccount(platform: string, choiceId: string, adAccountId: string): Promise<unknown> {
  return requestJson(
    'POST',
    `api/platforms/${encodeURIComponent(platform)}/ad-account-choices/${encodeURIComponent(choiceId)}`,
    ChooseAdAccountResultSchema,
    { json: { adAccountId } },
  );
}

import {
  ApproverCandidateSchema,
  RevisionComparisonSchema,
  RevisionListSchema,
  SignOffSettingSchema,
  SubmitRevisionResultSchema,
} from '@contract/revisions';
import * as v from 'valibot';
import { requestJson } from './http';

/**
 * The plan revisions calls of issue 27 (server/openapi/paths/revisions.ts, docs/revisions.md). Failures
 * reject with an ApiError (status, message, errorCode, validationErrors).
 */

const campaign = (campaignId: string) => `api/campaigns/${encodeURIComponent(campaignId)}`;

/** `GET /api/campaigns/{id}/revisions`: newest first, the draft (if any) first of all. */
export function loadRevisions(campaignId: string) {
  return requestJson('GET', `${campaign(campaignId)}/revisions`, RevisionListSchema);
}

/** `GET /api/campaigns/{id}/approvers`: who may be asked to approve; clients by default (`isDefault`). */
export function loadApprovers(campaignId: string) {
  return requestJson('GET', `${campaign(campaignId)}/approvers`, v.array(ApproverCandidateSchema));
}

/** `POST /api/campaigns/{id}/revisions/submit`: freezes the draft and asks the approvers; 201 `{ number, hash }`. */
export function submitRevision(campaignId: string, approverIds: readonly string[]) {
  return requestJson('POST', `${campaign(campaignId)}/revisions/submit`, SubmitRevisionResultSchema, {
    json: { approverIds },
  });
}

/** `GET /api/campaigns/{id}/revisions/{a}/diff/{b}`: what changed from revision A to revision B. */
export function compareRevisions(campaignId: string, a: number, b: number) {
  return requestJson('GET', `${campaign(campaignId)}/revisions/${a}/diff/${b}`, RevisionComparisonSchema);
}

const signOff = (organizationId: string) =>
  `api/organizations/${encodeURIComponent(organizationId)}/sign-off`;

/** `GET /api/organizations/{orgId}/sign-off`: whether launching needs a client's sign-off. */
export function loadSignOffSetting(organizationId: string) {
  return requestJson('GET', signOff(organizationId), SignOffSettingSchema);
}

/** `PUT /api/organizations/{orgId}/sign-off` (`organization.manage`). */
export function saveSignOffSetting(organizationId: string, launchNeedsSignOff: boolean) {
  return requestJson('PUT', signOff(organizationId), SignOffSettingSchema, { json: { launchNeedsSignOff } });
}

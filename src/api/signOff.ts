import { RevisionDecisionSchema, type RevisionDetail, RevisionDetailSchema } from '@contract/revisions';
import { STEP_UP_HEADER } from '@contract/stepUp';
import { requestJson } from './http';

/** The sign-off page's calls (issue 27, server/openapi/paths/revisions.ts). Failures reject with an ApiError. */
const revision = (campaignId: string, number: number) =>
  `api/campaigns/${encodeURIComponent(campaignId)}/revisions/${number}`;

export function loadRevisionReview(campaignId: string, number: number): Promise<RevisionDetail> {
  return requestJson('GET', revision(campaignId, number), RevisionDetailSchema);
}

/** POST approve (step-up `approvePlan`, bound to the revision's hash). */
export function approveRevision(
  campaignId: string,
  number: number,
  name: string,
  stepUpToken: string | null,
) {
  return requestJson('POST', `${revision(campaignId, number)}/approve`, RevisionDecisionSchema, {
    json: { name },
    headers: stepUpToken ? { [STEP_UP_HEADER]: stepUpToken } : {},
  });
}

export function requestRevisionChanges(campaignId: string, number: number, comment: string) {
  return requestJson('POST', `${revision(campaignId, number)}/request-changes`, RevisionDecisionSchema, {
    json: { comment },
  });
}

import { fromPromise } from 'xstate';
import type { AudienceEstimate, Interest } from '../../../../contract/planning';
import {
  type AudienceEstimateInput,
  type InterestSearchInput,
  planningAudienceMachine,
} from '../../../../machines/planningAudience';
import { estimateAudience, searchInterests } from '../../../api/planningReference';

/**
 * The audience step's chart with its server calls: what the wizard provides as its `planningAudience`
 * actor. A dropped search or estimate (the planner typed again) aborts its request.
 */
export const planningAudienceStep = planningAudienceMachine.provide({
  actors: {
    searchInterests: fromPromise<Interest[], InterestSearchInput>(({ input, signal }) =>
      searchInterests(input.platform, input.query, input.limit, signal),
    ),
    estimateAudience: fromPromise<AudienceEstimate[], AudienceEstimateInput>(({ input, signal }) =>
      estimateAudience(input, signal),
    ),
  },
});

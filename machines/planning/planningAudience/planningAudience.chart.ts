import { defineChart } from '../../chart';
import { planningAudienceMachine } from './planningAudience.machine';
import { SAMPLE_PLAN, SAMPLE_RULES, SAMPLE_TODAY } from './planningAudience.samples';
import type { PlanningAudienceContext } from './planningAudience.types';
import { audienceIssues, visibleAudienceErrors } from './planningAudience.values';

/** Whether the audience passes, which messages show, and what the search and estimate hold. */
const summarize = (context: PlanningAudienceContext) => ({
  readOnly: context.readOnly,
  valid: Object.keys(audienceIssues(context.values, context)).length === 0,
  shown: Object.keys(visibleAudienceErrors(context)).length > 0,
  interests: Object.values(context.values.interests).reduce((n, ids) => n + ids.length, 0),
  search: context.search && context.search.results.length > 0,
  estimates: context.estimates.length > 0,
  estimateFailed: context.estimateFailed,
  version: context.plan?.campaign.version ?? null,
});

const TRAVEL = { id: 'travel', name: 'Travel', path: ['Hobbies and activities'], audienceSize: 900_000_000 };
const HIKING = {
  id: 'hiking',
  name: 'Hiking',
  path: ['Hobbies and activities', 'Outdoors'],
  audienceSize: 1,
};
const SAVED_AUDIENCE = {
  locations: ['FR'],
  ageMin: 18,
  ageMax: 65,
  genders: [],
  languages: [],
  interests: { meta: [], tiktok: [] },
};

export const planningAudienceChart = defineChart({
  name: 'planningAudience',
  title: 'Planning wizard: the audience step',
  machine: planningAudienceMachine,
  description: planningAudienceMachine.root.description ?? '',
  input: { plan: SAMPLE_PLAN, rules: SAMPLE_RULES, today: SAMPLE_TODAY, draft: null, readOnly: false },
  abstractContext: summarize,
  events: [
    { type: 'location.add', code: 'FR' },
    { type: 'location.remove', code: 'FR' },
    // TikTok targets people 18 and over.
    { type: 'age.change', field: 'ageMin', value: 13 },
    { type: 'gender.choose', value: 'female' },
    { type: 'language.add', code: 'fr' },
    { type: 'language.remove', code: 'fr' },
    { type: 'interests.search', platform: 'tiktok', query: 'trav' },
    { type: 'interests.search', platform: 'tiktok', query: '' },
    // TikTok allows one interest: the second is refused.
    { type: 'interest.add', platform: 'tiktok', interest: TRAVEL },
    { type: 'interest.add', platform: 'tiktok', interest: HIKING },
    { type: 'interest.remove', platform: 'tiktok', id: 'travel' },
    { type: 'audience.changed' },
    { type: 'step.showErrors' },
    { type: 'step.serverErrors', errors: { locations: 'Choose countries from the list' } },
    { type: 'step.saved', plan: { ...SAMPLE_PLAN, campaign: { ...SAMPLE_PLAN.campaign, version: 4 } } },
    { type: 'step.reset', plan: { ...SAMPLE_PLAN, audience: SAVED_AUDIENCE } },
    {
      type: 'step.reset',
      plan: {
        ...SAMPLE_PLAN,
        campaign: { ...SAMPLE_PLAN.campaign, status: 'active' },
        audience: SAVED_AUDIENCE,
        editableSteps: ['overview'],
      },
    },
    { type: 'xstate.after.interestSearchDebounce.planningAudience.interests.debouncing' },
    { type: 'xstate.after.estimateDebounce.planningAudience.estimate.waiting' },
    { type: 'xstate.done.actor.searchInterests', output: [TRAVEL] },
    { type: 'xstate.error.actor.searchInterests', error: new TypeError('Failed to fetch') },
    {
      type: 'xstate.error.actor.searchInterests',
      error: {
        status: 409,
        errorCode: 'PLATFORM_NOT_CONNECTED',
        message:
          'TikTok lists its audience segments for a connected ad account: connect TikTok under Platforms first.',
      },
    },
    {
      type: 'xstate.done.actor.estimateAudience',
      output: [
        { platform: 'meta', lower: 1_200_000, upper: 1_400_000, guidance: 'fits', message: null },
        {
          platform: 'tiktok',
          lower: 800,
          upper: 950,
          guidance: 'too_narrow',
          message: 'Too narrow for TikTok',
        },
      ],
    },
    {
      type: 'xstate.done.actor.estimateAudience',
      output: [
        { platform: 'meta', lower: 1_200_000, upper: 1_400_000, guidance: 'fits', message: null },
        {
          platform: 'tiktok',
          unavailable: 'TikTok estimates audiences for an ad account: connect TikTok under Platforms first.',
        },
      ],
    },
    { type: 'xstate.error.actor.estimateAudience', error: new TypeError('Failed to fetch') },
  ],
});

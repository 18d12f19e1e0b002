import { type AudienceEstimateAnswer, AudienceSchema, type Interest } from '@contract/planning';
import * as v from 'valibot';
import { assertEvent, assign, fromPromise, raise, setup } from 'xstate';
import { isServerFailure } from '../../shared/errors';
import { stepFrameActions, stepFrameGuards, stepFrameStates } from '../stepFrame';
import type { StepToWizard } from '../stepProtocol';
import { applyEdit, isEdit } from './planningAudience.edits';
import {
  AUDIENCE_ESTIMATE_DEBOUNCE_MS,
  type AudienceEstimateInput,
  INTEREST_SEARCH_DEBOUNCE_MS,
  INTEREST_SEARCH_LIMIT,
  type InterestSearchInput,
  type PlanningAudienceContext,
  type PlanningAudienceEvent,
  type PlanningAudienceInput,
} from './planningAudience.types';
import {
  audienceFromPlan,
  audienceIssues,
  estimateRequest,
  fieldOf,
  initialAudience,
} from './planningAudience.values';

/** The step's body and validity, for the wizard; nothing when run alone (tests, diagrams). */
export function stepChanged(context: PlanningAudienceContext): StepToWizard {
  return {
    type: 'step.changed',
    step: 'audience',
    body: context.values,
    valid:
      v.safeParse(AudienceSchema, context.values).success &&
      Object.keys(audienceIssues(context.values, context)).length === 0,
  };
}

export const planningAudienceMachine = setup({
  types: {
    context: {} as PlanningAudienceContext,
    events: {} as PlanningAudienceEvent | { type: 'audience.changed' },
    input: {} as PlanningAudienceInput,
  },
  actors: {
    /** GET /planning/platforms/{platform}/interests?q=&limit=; `src/` provides it. */
    searchInterests: fromPromise<Interest[], InterestSearchInput>(async () => {
      throw new Error('not provided: searchInterests');
    }),
    /** POST /planning/audience-estimates; `src/` provides it. */
    estimateAudience: fromPromise<AudienceEstimateAnswer[], AudienceEstimateInput>(async () => {
      throw new Error('not provided: estimateAudience');
    }),
  },
  delays: {
    interestSearchDebounce: INTEREST_SEARCH_DEBOUNCE_MS,
    estimateDebounce: AUDIENCE_ESTIMATE_DEBOUNCE_MS,
  },
  guards: {
    ...stepFrameGuards,
    hasQuery: ({ event }) => event.type === 'interests.search' && event.query.trim() !== '',
    hasRoomForInterest: ({ context, event }) => {
      assertEvent(event, 'interest.add');
      const max = context.rules[event.platform]?.maxInterests ?? 0;
      const chosen = context.values.interests[event.platform] ?? [];
      return chosen.length < max && !chosen.includes(event.interest.id);
    },
    canEstimate: ({ context }) => estimateRequest(context.values, context.plan, context.rules) !== null,
  },
  actions: {
    ...stepFrameActions<PlanningAudienceContext, PlanningAudienceEvent | { type: 'audience.changed' }>({
      step: 'audience',
      stepChanged,
      serverErrors: (_, errors) => {
        const keyed: Record<string, string> = {};
        for (const [path, message] of Object.entries(errors)) keyed[fieldOf(path)] ??= message;
        return { serverErrors: keyed };
      },
      saved: () => ({ serverErrors: {} }),
      reset: (_, plan) => ({ values: audienceFromPlan(plan) }),
    }),
    /** After an edit, and after a reload (the saved audience: nothing to tell the wizard): a new estimate. */
    estimateAgain: raise({ type: 'audience.changed' }),
    /** One of the planner's changes (planningAudience.edits.ts). */
    edit: assign(({ context, event }) => (isEdit(event) ? applyEdit(context, event) : {})),
    startSearch: assign(({ event }) => {
      assertEvent(event, 'interests.search');
      return { search: { platform: event.platform, query: event.query.trim(), results: [] } };
    }),
    clearSearch: assign({ search: null }),
    keepSearchFailure: assign(({ context }, params: { error: unknown }) => ({
      search: context.search && {
        ...context.search,
        failure: isServerFailure(params.error) ? params.error.message : null,
      },
    })),
    keepResults: assign(({ context }, params: { output: Interest[] }) => ({
      search: context.search && { ...context.search, results: params.output },
      knownInterests: {
        ...context.knownInterests,
        ...Object.fromEntries(params.output.map((i) => [`${context.search?.platform}:${i.id}`, i])),
      },
    })),
    keepEstimates: assign((_, params: { output: AudienceEstimateAnswer[] }) => ({
      estimates: params.output,
      estimateFailed: false,
    })),
    markEstimateFailed: assign({ estimateFailed: true }),
    clearEstimates: assign({ estimates: [], estimateFailed: false }),
  },
}).createMachine({
  id: 'planningAudience',
  description:
    'The wizard’s audience step: the countries, ages, genders and languages the plan targets, and each ' +
    'platform’s interests, searched in its own taxonomy. Every change tells the wizard the new audience and ' +
    'whether it passes the rules (the wizard saves it), and asks each platform how many people it reaches.',
  context: ({ input }) => ({
    plan: input.plan,
    rules: input.rules,
    today: input.today,
    readOnly: input.readOnly,
    values: initialAudience(input),
    touched: [],
    showAll: false,
    serverErrors: {},
    knownInterests: {},
    search: null,
    estimates: [],
    estimateFailed: false,
  }),
  type: 'parallel',
  states: {
    form: {
      description: 'The audience’s values, and the messages under them.',
      initial: 'opening',
      states: stepFrameStates({
        opening:
          'The step opens with the draft typed before, else the plan’s audience, else everyone from 18; after ' +
          'a reload, with the server’s plan. It is read-only when the campaign’s state forbids changes (checked again after each save and reload).',
        editing: {
          description:
            'The planner chooses countries (as chips), the age range, genders, languages and interests per ' +
            'platform. Messages show under the fields changed, all of them after Next on an invalid step; the ' +
            'server’s refusals show under their fields until those change.',
          on: {
            'location.add': { actions: ['edit', 'notifyWizard', 'estimateAgain'] },
            'location.remove': { actions: ['edit', 'notifyWizard', 'estimateAgain'] },
            'age.change': { actions: ['edit', 'notifyWizard', 'estimateAgain'] },
            'gender.choose': { actions: ['edit', 'notifyWizard', 'estimateAgain'] },
            'language.add': { actions: ['edit', 'notifyWizard', 'estimateAgain'] },
            'language.remove': { actions: ['edit', 'notifyWizard', 'estimateAgain'] },
            'interest.add': {
              guard: 'hasRoomForInterest',
              actions: ['edit', 'notifyWizard', 'estimateAgain'],
            },
            'interest.remove': { actions: ['edit', 'notifyWizard', 'estimateAgain'] },
          },
        },
        readOnly:
          'The campaign’s state forbids changes (it is live, or became so before a reload): the audience is shown ' +
          'as launched, nothing can be chosen.',
        afterReset: ['estimateAgain'],
      }),
    },
    interests: {
      description: 'The interest search of the platform card being typed in.',
      initial: 'idle',
      on: {
        'interests.search': [
          { guard: 'hasQuery', target: '.debouncing', reenter: true, actions: 'startSearch' },
          { target: '.idle', actions: 'clearSearch' },
        ],
        'interest.add': { target: '.idle', actions: 'clearSearch' },
      },
      states: {
        idle: {
          description: 'No search running: the last results (if any) are listed under the field.',
        },
        debouncing: {
          description: 'The planner is typing: the search waits for a pause of 250 ms.',
          after: { interestSearchDebounce: 'searching' },
        },
        searching: {
          description:
            'The platform’s taxonomy is searched (GET /planning/platforms/{key}/interests?q=). Typing again ' +
            'drops this search: only the latest query’s answer is shown.',
          invoke: {
            id: 'searchInterests',
            src: 'searchInterests',
            input: ({ context }) => ({
              platform: context.search?.platform ?? '',
              query: context.search?.query ?? '',
              limit: INTEREST_SEARCH_LIMIT,
            }),
            onDone: {
              target: 'idle',
              actions: { type: 'keepResults', params: ({ event }) => ({ output: event.output }) },
            },
            onError: {
              target: 'failed',
              actions: { type: 'keepSearchFailure', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        failed: {
          description:
            'The search got no answer: “Could not search interests” shows, with the server’s reason when it gave ' +
            'one (a real platform asks for its connection first); typing again retries.',
        },
      },
    },
    estimate: {
      description: 'Each platform’s estimated audience size for the audience as chosen.',
      initial: 'checking',
      on: { 'audience.changed': { target: '.waiting', reenter: true } },
      states: {
        checking: {
          description: 'Can the platforms be asked? Only for an audience that passes the contract’s shape.',
          always: [{ guard: 'canEstimate', target: 'estimating' }, { target: 'idle' }],
        },
        idle: {
          description:
            'Nothing to estimate yet (no country, or no platform in the plan): the cards ask for a country.',
          entry: 'clearEstimates',
        },
        waiting: {
          description:
            'The audience just changed: the estimate waits for a pause of 500 ms (the last figures stay).',
          after: { estimateDebounce: 'checking' },
        },
        estimating: {
          description:
            'The platforms are asked (POST /planning/audience-estimates, with each one’s daily budget when the ' +
            'plan has dates). A change meanwhile drops this request: only the latest audience’s answer counts.',
          invoke: {
            id: 'estimateAudience',
            src: 'estimateAudience',
            input: ({ context }) =>
              estimateRequest(context.values, context.plan, context.rules) as AudienceEstimateInput,
            onDone: {
              target: 'shown',
              actions: { type: 'keepEstimates', params: ({ event }) => ({ output: event.output }) },
            },
            onError: { target: 'failed', actions: 'markEstimateFailed' },
          },
        },
        shown: {
          description:
            'Each platform card shows its reach as a range and whether the audience is too narrow, fits or is too broad.',
        },
        failed: {
          description:
            'The estimate got no answer: the cards say the size is unavailable; the next change asks again.',
        },
      },
    },
  },
});

export type PlanningAudienceMachine = typeof planningAudienceMachine;

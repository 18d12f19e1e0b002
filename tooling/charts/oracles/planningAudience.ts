/**
 * What each state of the audience step promises (chart input: the sample plan, Meta and TikTok, Traffic,
 * no audience saved yet). The states are the form's phase × the interest search's × the estimate's: one
 * check per combination, from each region's promises.
 */

import { isUnavailableEstimate } from '@contract/planning';
import { connectPlanningAudience } from '@machines/planning/planningAudience/planningAudience.connect';
import { planningAudienceMachine } from '@machines/planning/planningAudience/planningAudience.machine';
import { isServerFailure } from '@machines/shared/errors';
import { defineOracle, expectEqual, expectFields, expectThat, type OracleCheck } from '../oracle';

type Machine = typeof planningAudienceMachine;
type Step = Parameters<OracleCheck<Machine>>[0];
const FORMS = ['editing', 'readOnly'] as const;
const SEARCHES = ['idle', 'debouncing', 'searching', 'failed'] as const;
const ESTIMATES = ['idle', 'waiting', 'estimating', 'shown', 'failed'] as const;

const view = (step: Step) => connectPlanningAudience(step.snapshot, () => {});
const card = (step: Step, key: string) => {
  const found = view(step).platforms.find((p) => p.key === key);
  expectThat(found !== undefined, `no card for ${key}`);
  return found;
};

const formPromises: Record<(typeof FORMS)[number], OracleCheck<Machine>> = {
  editing: (step) => {
    expectFields(view(step), { readOnly: false });
    // Spec: a new plan's audience is everyone from 18 to 65+, no country chosen.
    if (step.index === 0) {
      expectFields(view(step), { locations: [], ageMin: 18, ageMax: 65, gender: 'all', languages: [] });
      expectEqual(view(step).errors, {}, 'no message before a change');
    }
  },
  readOnly: (step) => {
    expectFields(view(step), { readOnly: true });
    for (const platform of view(step).platforms)
      expectEqual(platform.canAddInterest, false, `${platform.key} offers interests while read-only`);
  },
};

const searchPromises: Record<(typeof SEARCHES)[number], OracleCheck<Machine>> = {
  idle: (step) => {
    const search = card(step, 'tiktok').search;
    if (search) expectFields(search, { loading: false, failed: false }, 'search');
    if (step.event.type === 'xstate.done.actor.searchInterests')
      expectEqual(
        search?.results.map((i) => i.id),
        (step.event.output as { id: string }[])
          .map((i) => i.id)
          .filter((id) => !step.context.values.interests.tiktok?.includes(id)),
        'results (chosen ones left out)',
      );
    if (step.event.type === 'interest.add' || step.event.type === 'interests.search')
      expectEqual(search, null, 'choosing an interest or emptying the field ends the search');
  },
  debouncing: (step) => {
    expectFields(card(step, 'tiktok').search ?? {}, { query: 'trav', loading: true }, 'search');
    expectEqual(card(step, 'meta').search, null, 'only the card typed in searches');
  },
  searching: (step) =>
    expectFields(card(step, 'tiktok').search ?? {}, { query: 'trav', loading: true }, 'search'),
  failed: (step) => {
    const search = card(step, 'tiktok').search;
    expectFields(search ?? {}, { failed: true, loading: false }, 'search');
    // The server's reason when it gave one (a real platform asks for its connection), else "type again".
    if (step.event.type === 'xstate.error.actor.searchInterests') {
      const error = (step.event as { error?: unknown }).error;
      expectEqual(
        search?.failureMessage,
        `Could not search interests. ${isServerFailure(error) ? error.message : 'Type again to retry.'}`,
        'the failure as said',
      );
    }
  },
};

const estimatePromises: Record<(typeof ESTIMATES)[number], OracleCheck<Machine>> = {
  // Spec: nothing is estimated without a country.
  idle: (step) => {
    expectEqual(step.context.values.locations, [], 'an estimable audience left unestimated');
    for (const platform of view(step).platforms) expectEqual(platform.estimate.status, 'none', 'estimate');
  },
  waiting: () => {},
  estimating: (step) => {
    expectThat(step.context.values.locations.length > 0, 'estimating without a country');
    for (const platform of view(step).platforms)
      expectThat(['loading', 'shown'].includes(platform.estimate.status), 'estimate status while asking');
  },
  // Each card shows its platform's answer: its figures, or (alone) why it has none.
  shown: (step) => {
    for (const platform of view(step).platforms) {
      const answer = step.context.estimates.find((e) => e.platform === platform.key);
      expectThat(answer !== undefined, `no answer for ${platform.key}`);
      if (answer && isUnavailableEstimate(answer))
        expectFields(
          platform.estimate,
          { status: 'failed', lower: null, message: answer.unavailable },
          platform.key,
        );
      else if (answer)
        expectFields(
          platform.estimate,
          { status: 'shown', lower: answer.lower, upper: answer.upper, guidance: answer.guidance },
          platform.key,
        );
    }
  },
  failed: (step) => {
    for (const platform of view(step).platforms) expectEqual(platform.estimate.status, 'failed', 'estimate');
  },
};

const combined =
  (form: (typeof FORMS)[number], search: (typeof SEARCHES)[number], estimate: (typeof ESTIMATES)[number]) =>
  (step: Step) => {
    formPromises[form](step);
    searchPromises[search](step);
    estimatePromises[estimate](step);
  };

/** A field the event changes shows its message (if any) — the rule written out again, from the spec. */
const expectedMessage = (step: Step, field: string): string | undefined => {
  const { values } = step.context;
  if (field === 'locations')
    return values.locations.length === 0 ? 'Choose at least one location' : undefined;
  if (field === 'ageMin')
    return values.ageMin < 18 ? 'TikTok targets people 18 and over for Traffic campaigns' : undefined;
  return undefined;
};

export const planningAudienceOracle = defineOracle(planningAudienceMachine, {
  optionalStates: () => true,
  always: (step) => {
    // TikTok allows one interest; nobody gets past it.
    expectThat((step.context.values.interests.tiktok?.length ?? 0) <= 1, 'more interests than TikTok allows');
    const errors = view(step).errors;
    if (step.context.showAll)
      expectEqual(errors.locations, expectedMessage(step, 'locations'), 'locations message');
  },
  events: {
    'location.add': (step) => {
      expectThat(step.context.values.locations.includes(step.event.code as string), 'country added');
      expectEqual(view(step).errors.locations, undefined, 'a chosen country clears the message');
    },
    'location.remove': (step) => {
      expectThat(!step.context.values.locations.includes(step.event.code as string), 'country removed');
      expectEqual(view(step).errors.locations, 'Choose at least one location', 'message under locations');
    },
    'age.change': (step) => {
      expectEqual(step.context.values.ageMin, step.event.value, 'youngest age');
      expectEqual(view(step).errors.ageMin, expectedMessage(step, 'ageMin'), 'message under the ages');
    },
    'gender.choose': (step) => expectFields(view(step), { gender: step.event.value }),
    'language.add': (step) =>
      expectThat(view(step).languages.includes(step.event.code as string), 'language'),
    'language.remove': (step) =>
      expectThat(!view(step).languages.includes(step.event.code as string), 'language removed'),
    'interest.add': (step) => {
      const before = step.previous?.context.values.interests.tiktok ?? [];
      const after = card(step, 'tiktok').interests.map((i) => i.id);
      // The chip shows the interest's name; a second one is refused (TikTok's maximum is one).
      if (before.length === 0 && step.snapshot.matches({ form: 'editing' })) {
        expectEqual(after, [(step.event.interest as { id: string }).id], 'TikTok interests');
        expectEqual(
          card(step, 'tiktok').interests[0]?.name,
          (step.event.interest as { name: string }).name,
          'chip',
        );
        expectEqual(card(step, 'tiktok').canAddInterest, false, 'room for another');
      } else expectEqual(after, before, 'interests unchanged');
    },
    'interest.remove': (step) =>
      expectThat(!card(step, 'tiktok').interests.some((i) => i.id === step.event.id), 'interest removed'),
    'step.showErrors': (step) =>
      expectEqual(view(step).errors.locations, expectedMessage(step, 'locations'), 'every message shows'),
    'step.serverErrors': (step) =>
      expectEqual(view(step).errors.locations, 'Choose countries from the list', 'the server’s message'),
    'step.saved': (step) => {
      expectEqual(step.context.values, step.previous?.context.values, 'typed values kept');
      expectEqual(step.context.plan?.campaign.version, 4, 'the saved plan');
    },
    'step.reset': (step) => {
      expectFields(view(step), { locations: ['FR'], ageMin: 18, ageMax: 65, gender: 'all', languages: [] });
      expectEqual(view(step).errors, {}, 'a reload starts without messages');
      expectEqual(
        view(step).readOnly,
        !(step.event.plan as { editableSteps: string[] }).editableSteps.includes('audience'),
        'read-only follows the reloaded plan',
      );
    },
  },
  states: Object.fromEntries(
    FORMS.flatMap((form) =>
      SEARCHES.flatMap((search) =>
        ESTIMATES.map((estimate) => [
          `form.${form} + interests.${search} + estimate.${estimate}`,
          combined(form, search, estimate),
        ]),
      ),
    ),
  ),
});

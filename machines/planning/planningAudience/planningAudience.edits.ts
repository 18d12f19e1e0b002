import { GENDERS } from '@contract/planning';
import type { AudienceField, PlanningAudienceContext, PlanningAudienceEvent } from './planningAudience.types';
import { withoutServerError } from './planningAudience.values';

/** The planner's changes to the audience, as context updates: the machine's `edit` action applies them. */

type Edit = Extract<
  PlanningAudienceEvent,
  {
    type:
      | 'location.add'
      | 'location.remove'
      | 'age.change'
      | 'gender.choose'
      | 'language.add'
      | 'language.remove'
      | 'interest.add'
      | 'interest.remove';
  }
>;

/** `field` now shows its messages; the server's message there is answered by the change. */
const touch = (context: PlanningAudienceContext, field: AudienceField) => ({
  touched: context.touched.includes(field) ? context.touched : [...context.touched, field],
  serverErrors: withoutServerError(context.serverErrors, field),
});

const withCode = (list: readonly string[], code: string) =>
  list.includes(code) ? [...list] : [...list, code];
const without = <T>(list: readonly T[], item: T) => list.filter((entry) => entry !== item);

export function applyEdit(context: PlanningAudienceContext, event: Edit): Partial<PlanningAudienceContext> {
  const { values } = context;
  switch (event.type) {
    case 'location.add':
      return {
        values: { ...values, locations: withCode(values.locations, event.code) },
        ...touch(context, 'locations'),
      };
    case 'location.remove':
      return {
        values: { ...values, locations: without(values.locations, event.code) },
        ...touch(context, 'locations'),
      };
    case 'age.change': {
      const touched = touch(context, event.field);
      // Both ages are one range: a changed end answers the server's message on the other too.
      const other = event.field === 'ageMin' ? 'ageMax' : 'ageMin';
      return {
        values: { ...values, [event.field]: event.value },
        ...touched,
        serverErrors: withoutServerError(touched.serverErrors, other),
      };
    }
    case 'gender.choose': {
      const genders = event.value === 'all' ? [] : GENDERS.filter((g) => g === event.value);
      return { values: { ...values, genders }, ...touch(context, 'genders') };
    }
    case 'language.add':
      return {
        values: { ...values, languages: withCode(values.languages, event.code) },
        ...touch(context, 'languages'),
      };
    case 'language.remove':
      return {
        values: { ...values, languages: without(values.languages, event.code) },
        ...touch(context, 'languages'),
      };
    case 'interest.add': {
      const chosen = values.interests[event.platform] ?? [];
      return {
        values: {
          ...values,
          interests: { ...values.interests, [event.platform]: [...chosen, event.interest.id] },
        },
        knownInterests: {
          ...context.knownInterests,
          [`${event.platform}:${event.interest.id}`]: event.interest,
        },
        ...touch(context, `interests.${event.platform}`),
      };
    }
    case 'interest.remove': {
      const chosen = values.interests[event.platform] ?? [];
      return {
        values: {
          ...values,
          interests: { ...values.interests, [event.platform]: without(chosen, event.id) },
        },
        ...touch(context, `interests.${event.platform}`),
      };
    }
  }
}

export const EDIT_EVENTS = [
  'location.add',
  'location.remove',
  'age.change',
  'gender.choose',
  'language.add',
  'language.remove',
  'interest.add',
  'interest.remove',
] as const satisfies readonly Edit['type'][];

export const isEdit = (event: PlanningAudienceEvent | { type: string }): event is Edit =>
  (EDIT_EVENTS as readonly string[]).includes(event.type);

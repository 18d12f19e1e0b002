import { formatSpecOf } from '@contract/creative';
import { assertEvent, assign, setup } from 'xstate';
import { stepFrameActions, stepFrameGuards, stepFrameStates } from '../stepFrame';
import type { StepToWizard } from '../stepProtocol';
import { moved, newAd, renamed, specsFor, withFormat } from './planningCreative.ads';
import { adOf, assetKeys, openingAds, touch, updateAd } from './planningCreative.context';
import type {
  PlanningCreativeContext,
  PlanningCreativeEvent,
  PlanningCreativeInput,
} from './planningCreative.types';
import {
  adsFromPlan,
  assetsById,
  creativeBody,
  creativeHardIssues,
  creativeIssues,
  formKey,
  knownAssetsOf,
  textFieldOf,
  withKnownAssets,
  withSavedIds,
} from './planningCreative.values';

/**
 * The step's body for the wizard: `valid` (nothing the server would refuse, so it is saved as typed) and
 * `complete` (every platform's ad finished, so Next may leave).
 */
export function stepChanged(context: PlanningCreativeContext): StepToWizard {
  const used = new Set(context.ads.flatMap((ad) => ad.assets.map((use) => use.assetId)));
  const assets = Object.values(context.assets).filter((asset) => used.has(asset.id));
  return {
    type: 'step.changed',
    step: 'creative',
    body: withKnownAssets(creativeBody(context.ads), assets),
    valid: Object.keys(creativeHardIssues(context)).length === 0,
    complete: Object.keys(creativeIssues(context)).length === 0,
  };
}

export const planningCreativeMachine = setup({
  types: {
    context: {} as PlanningCreativeContext,
    events: {} as PlanningCreativeEvent,
    input: {} as PlanningCreativeInput,
  },
  guards: {
    ...stepFrameGuards,
    /** A field of several entries (a search ad's headlines) below its most. */
    canAddText: ({ context, event }) => {
      assertEvent(event, 'text.add');
      const ad = adOf(context, event.key);
      const field = ad && textFieldOf(context, ad, event.field);
      return Boolean(field && field.maxCount > 1 && (ad.texts[event.field]?.length ?? 0) < field.maxCount);
    },
    /** An entry of a field of several, above the entries it needs (and the one to type in). */
    canRemoveText: ({ context, event }) => {
      assertEvent(event, 'text.remove');
      const ad = adOf(context, event.key);
      const field = ad && textFieldOf(context, ad, event.field);
      const count = ad?.texts[event.field]?.length ?? 0;
      return Boolean(field && event.index < count && count > Math.max(field.minCount, 1));
    },
    hasAsset: ({ context, event }) => {
      assertEvent(event, ['asset.detach', 'asset.focus']);
      return event.index >= 0 && event.index < (adOf(context, event.key)?.assets.length ?? 0);
    },
    canMoveAsset: ({ context, event }) => {
      assertEvent(event, 'asset.move');
      const count = adOf(context, event.key)?.assets.length ?? 0;
      return event.index !== event.to && [event.index, event.to].every((i) => i >= 0 && i < count);
    },
  },
  actions: {
    ...stepFrameActions<PlanningCreativeContext, PlanningCreativeEvent>({
      step: 'creative',
      stepChanged,
      serverErrors: (context, errors) => {
        const keyed: Record<string, string> = {};
        for (const [path, message] of Object.entries(errors)) keyed[formKey(path, context)] ??= message;
        return { serverErrors: keyed };
      },
      saved: (context, plan) => ({
        ads: withSavedIds(context.ads, plan),
        assets: { ...context.assets, ...assetsById(plan.assets) },
        serverErrors: {},
      }),
      reset: (_, plan) => ({ ads: adsFromPlan(plan), assets: assetsById(plan.assets) }),
    }),
    askToShowFirstError: assign(({ context }) => ({ errorRequests: context.errorRequests + 1 })),
    addAd: assign(({ context, event }) => {
      assertEvent(event, 'ad.add');
      const ad = newAd(context, event.platform, `new-${context.nextKey}`);
      return { ads: [...context.ads, ad], nextKey: context.nextKey + 1, ...touch(context, 'ads') };
    }),
    removeAd: assign(({ context, event }) => {
      assertEvent(event, 'ad.remove');
      return { ads: context.ads.filter((ad) => ad.key !== event.key), ...touch(context, 'ads') };
    }),
    changeAd: assign(({ context, event }) => {
      assertEvent(event, 'ad.change');
      const ads = updateAd(context, event.key, (ad) =>
        event.field === 'name' ? renamed(ad, event.value) : { ...ad, [event.field]: event.value },
      );
      const keys = [`${event.key}.${event.field}`, ...(event.field === 'name' ? [`${event.key}.utm`] : [])];
      return { ads, ...touch(context, ...keys) };
    }),
    changeFormat: assign(({ context, event }) => {
      assertEvent(event, 'ad.format');
      const ads = updateAd(context, event.key, (ad) =>
        withFormat(ad, specsFor(context.rules, ad.platform), event.format),
      );
      return { ads, ...touch(context, `${event.key}.format`, `${event.key}.texts`, `${event.key}.assets`) };
    }),
    changeText: assign(({ context, event }) => {
      assertEvent(event, 'text.change');
      const ads = updateAd(context, event.key, (ad) => {
        const entries = [...(ad.texts[event.field] ?? [])];
        entries[event.index] = event.value;
        return { ...ad, texts: { ...ad.texts, [event.field]: entries } };
      });
      const field = `${event.key}.texts.${event.field}`;
      return { ads, ...touch(context, field, `${field}.${event.index}`) };
    }),
    addText: assign(({ context, event }) => {
      assertEvent(event, 'text.add');
      const ads = updateAd(context, event.key, (ad) => ({
        ...ad,
        texts: { ...ad.texts, [event.field]: [...(ad.texts[event.field] ?? []), ''] },
      }));
      return { ads, ...touch(context, `${event.key}.texts.${event.field}`) };
    }),
    removeText: assign(({ context, event }) => {
      assertEvent(event, 'text.remove');
      const ads = updateAd(context, event.key, (ad) => ({
        ...ad,
        texts: {
          ...ad.texts,
          [event.field]: (ad.texts[event.field] ?? []).filter((_, i) => i !== event.index),
        },
      }));
      return { ads, ...touch(context, `${event.key}.texts.${event.field}`) };
    }),
    attachAsset: assign(({ context, event }) => {
      assertEvent(event, 'asset.attach');
      const ads = updateAd(context, event.key, (ad) => {
        const max = formatSpecOf(specsFor(context.rules, ad.platform), ad.format)?.media?.maxCount ?? 1;
        // A format of one picture takes the new one in place of the old, as the platforms' editors do.
        const kept = ad.assets.length >= max ? ad.assets.slice(0, max - 1) : ad.assets;
        return { ...ad, assets: [...kept, { assetId: event.asset.id, focalX: 0.5, focalY: 0.5 }] };
      });
      const count = ads.find((ad) => ad.key === event.key)?.assets.length ?? 0;
      return {
        ads,
        assets: { ...context.assets, [event.asset.id]: event.asset },
        ...touch(context, ...assetKeys(event.key, count)),
      };
    }),
    detachAsset: assign(({ context, event }) => {
      assertEvent(event, 'asset.detach');
      const ads = updateAd(context, event.key, (ad) => ({
        ...ad,
        assets: ad.assets.filter((_, i) => i !== event.index),
      }));
      return { ads, ...touch(context, ...assetKeys(event.key, 10)) };
    }),
    moveAsset: assign(({ context, event }) => {
      assertEvent(event, 'asset.move');
      const ads = updateAd(context, event.key, (ad) => ({
        ...ad,
        assets: moved(ad.assets, event.index, event.to),
      }));
      return { ads, ...touch(context, ...assetKeys(event.key, 10)) };
    }),
    focusAsset: assign(({ context, event }) => {
      assertEvent(event, 'asset.focus');
      const ads = updateAd(context, event.key, (ad) => ({
        ...ad,
        assets: ad.assets.map((use, i) =>
          i === event.index ? { ...use, focalX: event.focalX, focalY: event.focalY } : use,
        ),
      }));
      return { ads, ...touch(context, `${event.key}.assets.${event.index}.assetId`) };
    }),
    changeUtm: assign(({ context, event }) => {
      assertEvent(event, 'utm.change');
      const ads = updateAd(context, event.key, (ad) => ({ ...ad, utm: event.utm }));
      const utm = `${event.key}.utm`;
      return {
        ads,
        ...touch(context, utm, `${utm}.source`, `${utm}.medium`, `${utm}.campaign`, `${utm}.content`),
      };
    }),
  },
}).createMachine({
  id: 'planningCreative',
  description:
    'The wizard’s creative step: per platform of the plan, its ads (a format the platform runs for the ' +
    'objective, texts within the platform’s limits, pictures or videos with a focal point, a https ' +
    'destination with UTM tags, a call to action), previewed as the platform shows them. Every change ' +
    'tells the wizard the new ads, whether they keep the platforms’ rules (then they are saved, even ' +
    'unfinished) and whether every platform’s ad is complete (then Next may leave).',
  context: ({ input }) => ({
    plan: input.plan,
    rules: input.rules,
    today: input.today,
    readOnly: input.readOnly,
    ads: openingAds(input),
    assets: assetsById([...(input.plan?.assets ?? []), ...knownAssetsOf(input.draft)]),
    touched: [],
    showAll: false,
    serverErrors: {},
    nextKey: 1,
    errorRequests: 0,
  }),
  initial: 'opening',
  states: stepFrameStates({
    opening:
      'The step opens with the draft typed before, else the plan’s ads, else one empty ad per platform ' +
      '(its first format for the objective, the platform’s UTM tags); after a reload, with the server’s ' +
      'ads. It is read-only when the campaign’s state forbids changes.',
    editing: {
      description:
        'The planner adds, names and removes ads, picks formats, types texts under live counters (green, ' +
        'amber past where the platform cuts the text off, red past its limit), attaches, orders and ' +
        'crops assets, sets the destination, its UTM tags and the call to action. Messages show under the ' +
        'fields changed, all of them after Next on an invalid step, which also brings the first message into ' +
        'view and focuses it, and says how many ads need attention; truncation is a warning, never a block.',
      on: {
        'ad.add': { actions: ['addAd', 'notifyWizard'] },
        'ad.remove': { actions: ['removeAd', 'notifyWizard'] },
        'ad.change': { actions: ['changeAd', 'notifyWizard'] },
        'ad.format': { actions: ['changeFormat', 'notifyWizard'] },
        'text.change': { actions: ['changeText', 'notifyWizard'] },
        'text.add': { guard: 'canAddText', actions: ['addText', 'notifyWizard'] },
        'text.remove': { guard: 'canRemoveText', actions: ['removeText', 'notifyWizard'] },
        'asset.attach': { actions: ['attachAsset', 'notifyWizard'] },
        'asset.detach': { guard: 'hasAsset', actions: ['detachAsset', 'notifyWizard'] },
        'asset.move': { guard: 'canMoveAsset', actions: ['moveAsset', 'notifyWizard'] },
        'asset.focus': { guard: 'hasAsset', actions: ['focusAsset', 'notifyWizard'] },
        'utm.change': { actions: ['changeUtm', 'notifyWizard'] },
      },
    },
    afterShowErrors: ['askToShowFirstError'],
    readOnly:
      'The campaign’s state forbids changes (it is live, or became so before a reload): the ads are ' +
      'shown as launched, with their previews.',
  }),
});

export type PlanningCreativeMachine = typeof planningCreativeMachine;

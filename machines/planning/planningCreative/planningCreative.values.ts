import {
  type Asset,
  type CheckedAd,
  CreativeStepSchema,
  checkCreative,
  checkCreativeSavable,
  creativeWarnings,
  formatSpecOf,
} from '@contract/creative';
import type { Plan, PlanIssues } from '@contract/planning';
import * as v from 'valibot';
import { schemaIssues } from '../stepErrors';
import type { StepBodies, StepInput } from '../stepProtocol';
import { specsFor } from './planningCreative.ads';
import type { AdDraft, CreativeErrorKey, PlanningCreativeContext } from './planningCreative.types';

/**
 * The creative step's values, body and messages as pure functions of its context: the machine, the
 * wizard (`step.changed`) and the view read the same answers.
 */

export type CreativeBody = StepBodies['creative'];

const CreativeFieldsSchema = v.omit(CreativeStepSchema, ['version']);

const draftOf = (ad: Omit<AdDraft, 'key'>, key: string): AdDraft => ({ ...ad, key });

export function adsFromPlan(plan: Plan | null): AdDraft[] {
  return (plan?.ads ?? []).map(({ id, ...ad }) =>
    draftOf({ ...ad, id, texts: { ...ad.texts }, assets: [...ad.assets] }, id),
  );
}

/**
 * The assets a body's ads use, carried with the body for the wizard's drafts (Back keeps what was typed)
 * but not on the wire: a symbol key, not enumerable, so the save's JSON leaves it out. A draft reopened
 * with a picture uploaded since the last save then still knows the picture's facts and thumbnail.
 */
const KNOWN_ASSETS = Symbol('knownAssets');

export function withKnownAssets(body: CreativeBody, assets: readonly Asset[]): CreativeBody {
  Object.defineProperty(body, KNOWN_ASSETS, { value: assets, enumerable: false });
  return body;
}

export function knownAssetsOf(draft: unknown): Asset[] {
  return (draft as { [KNOWN_ASSETS]?: Asset[] } | null)?.[KNOWN_ASSETS] ?? [];
}

export function initialAds(input: StepInput): AdDraft[] {
  const draft = input.draft as CreativeBody | null;
  if (!draft || !('ads' in draft)) return adsFromPlan(input.plan);
  return draft.ads.map((ad, index) => draftOf(ad, ad.id ?? `draft-${index}`));
}

export const assetsById = (assets: readonly Asset[]) =>
  Object.fromEntries(assets.map((asset) => [asset.id, asset]));

/**
 * What the wizard saves: the ads in the form's order. A plain field left empty is no entry at all (an
 * optional headline the planner did not write); a multi-entry field keeps its entries where they are,
 * so a message names the headline the planner sees.
 */
export function creativeBody(ads: readonly AdDraft[]): CreativeBody {
  return {
    ads: ads.map(({ key: _, id, texts, ...ad }) => ({
      ...(id ? { id } : {}),
      ...ad,
      texts: Object.fromEntries(
        Object.entries(texts).map(([field, entries]) => [
          field,
          entries.length === 1 && entries[0]?.trim() === '' ? [] : entries,
        ]),
      ),
    })),
  };
}

/**
 * A wire path (`ads.1.texts.headline.2`) as the form's key (`<ad 1's key>.texts.headline.2`). A plain
 * field's single entry is named by the field (`texts.primaryText.0` → `texts.primaryText`), as the
 * platforms' checks name it.
 */
export function formKey(
  path: string,
  context: Pick<PlanningCreativeContext, 'ads' | 'rules'>,
): CreativeErrorKey {
  const match = /^ads\.(\d+)(?:\.(.+))?$/.exec(path);
  if (!match) return path;
  const ad = context.ads[Number(match[1])];
  if (!ad) return 'ads';
  const rest = match[2] ?? 'name';
  const text = /^texts\.([^.]+)\.(\d+)$/.exec(rest);
  if (text && (textFieldOf(context, ad, text[1]!)?.maxCount ?? 1) <= 1) return `${ad.key}.texts.${text[1]}`;
  return `${ad.key}.${rest}`;
}

const checkedAds = (body: CreativeBody): CheckedAd[] => body.ads;

/**
 * Every problem of the ads (the contract's schema, then the platforms' specs), by form key: what Next and
 * the launch wait for. With `checkCreativeSavable`, only what the server would refuse to save.
 */
export function creativeIssues(
  context: Pick<PlanningCreativeContext, 'ads' | 'plan' | 'rules' | 'assets'>,
  check: typeof checkCreative = checkCreative,
): PlanIssues {
  const body = creativeBody(context.ads);
  const issues: PlanIssues = {};
  const add = (path: string, message: string) => {
    issues[formKey(path, context)] ??= message;
  };
  for (const [path, message] of Object.entries(schemaIssues(CreativeFieldsSchema, body))) add(path, message);
  const checked = check(checkedAds(body), {
    rules: context.rules,
    objectiveId: context.plan?.campaign.objectiveId ?? 0,
    platforms: context.plan?.platforms ?? [],
    assets: context.assets,
  });
  for (const [path, message] of Object.entries(checked)) add(path, message);
  return issues;
}

/** What breaks a platform's rule as typed (a save is refused); missing texts, pictures and ads are not. */
export const creativeHardIssues = (
  context: Pick<PlanningCreativeContext, 'ads' | 'plan' | 'rules' | 'assets'>,
): PlanIssues => creativeIssues(context, checkCreativeSavable);

/** What the platforms would cut off, by form key (shown as the planner types, never blocking). */
export function creativeWarningsOf(context: Pick<PlanningCreativeContext, 'ads' | 'rules'>): PlanIssues {
  const warnings: PlanIssues = {};
  for (const [path, message] of Object.entries(
    creativeWarnings(checkedAds(creativeBody(context.ads)), context.rules),
  ))
    warnings[formKey(path, context)] = message;
  return warnings;
}

/** The messages shown: the server's first, then the checks', for touched keys or all after Next. */
export function visibleCreativeErrors(context: PlanningCreativeContext): PlanIssues {
  const all = { ...creativeIssues(context), ...context.serverErrors };
  return Object.fromEntries(
    Object.entries(all).filter(
      ([key]) => context.showAll || key in context.serverErrors || context.touched.includes(key),
    ),
  );
}

/** Ads without an id get the one the save gave them: the saved ad at the same place, same platform and name. */
export function withSavedIds(ads: readonly AdDraft[], plan: Plan): AdDraft[] {
  const used = new Set(ads.flatMap((ad) => (ad.id ? [ad.id] : [])));
  return ads.map((ad) => {
    if (ad.id) return ad;
    const saved = plan.ads.find(
      (s) => !used.has(s.id) && s.platform === ad.platform && s.name === ad.name.trim(),
    );
    if (!saved) return ad;
    used.add(saved.id);
    return { ...ad, id: saved.id };
  });
}

/** The format's field spec of an ad's text, if the format has that field. */
export function textFieldOf(context: Pick<PlanningCreativeContext, 'rules'>, ad: AdDraft, field: string) {
  return formatSpecOf(specsFor(context.rules, ad.platform), ad.format)?.texts.find((t) => t.key === field);
}

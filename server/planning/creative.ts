import { type Ad, type CreativeStepBody, checkCreativeSavable } from '@contract/creative';
import type { PlanIssues } from '@contract/planning';
import { eq } from 'drizzle-orm';
import { campaignAds } from '../db/schema';
import { assetFactsOf, replaceAds } from './ads';
import { fieldsOf } from './plan';
import { type PlanningContext, refuseIssues, save } from './save';

/**
 * `PUT /planning/wizard/{id}/creative`: the plan's ads, checked against each platform's specs with the
 * facts of the account's own assets, then written in the planner's order. Only what breaks a platform's
 * rule is refused (`checkCreativeSavable`): ads still missing a text, a picture or a platform are saved
 * as typed, since writing them is long work; the launch gate and the step list still wait for them.
 */
export function saveCreative(ctx: PlanningContext, campaignId: string, body: CreativeStepBody) {
  // Ids compare as the database writes them (lower case); a client may send any case.
  const ads: Ad[] = body.ads.map((ad) => ({
    ...ad,
    id: ad.id?.toLowerCase(),
    assets: ad.assets.map((use) => ({ ...use, assetId: use.assetId.toLowerCase() })),
  }));
  return save(
    ctx,
    campaignId,
    body.version,
    () => fieldsOf('creative'),
    async (tx, row) => {
      const saved = await tx
        .select({ id: campaignAds.id })
        .from(campaignAds)
        .where(eq(campaignAds.campaignId, row.id));
      const assets = await assetFactsOf(
        tx,
        row.accountId,
        ads.flatMap((ad) => ad.assets.map((use) => use.assetId)),
      );
      const issues: PlanIssues = checkCreativeSavable(ads, {
        rules: ctx.rules,
        objectiveId: row.objectiveId,
        platforms: row.platforms,
        assets,
      });
      const seen = new Set<string>();
      for (const [i, ad] of ads.entries()) {
        if (!ad.id) continue;
        // Another campaign's ad id is as unknown here as a made-up one: ids never move between plans.
        if (!saved.some((s) => s.id === ad.id)) issues[`ads.${i}.id`] ??= 'Unknown ad';
        else if (seen.has(ad.id)) issues[`ads.${i}.id`] ??= 'This ad is sent twice';
        seen.add(ad.id);
      }
      refuseIssues(issues);
      await replaceAds(tx, row.id, ads);
      return {};
    },
  );
}

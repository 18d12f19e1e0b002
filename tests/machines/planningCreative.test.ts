import {
  connectPlanningCreative,
  creativeBody,
  planningCreativeMachine,
  stepChanged,
} from '@machines/planning/planningCreative';
import {
  SAMPLE_CREATIVE_PLAN,
  SAMPLE_IMAGE,
} from '@machines/planning/planningCreative/planningCreative.samples';
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { completePlan, RULES, TODAY } from '../support/planningFixtures';

function start(plan = completePlan({ version: 5 })) {
  const actor = createActor(planningCreativeMachine, {
    input: {
      plan: { ...plan, ads: [], assets: [] },
      rules: RULES,
      today: TODAY,
      draft: null,
      readOnly: false,
    },
  }).start();
  const view = () => connectPlanningCreative(actor.getSnapshot(), actor.send);
  const ad = (platform: string, n = 0) => view().platforms.find((p) => p.key === platform)!.ads[n]!;
  const entry = (platform: string, field: string) =>
    ad(platform).texts.find((t) => t.key === field)!.entries[0]!;
  /** Everything an ad needs but its texts. */
  const complete = (platform: string) => {
    const key = ad(platform).key;
    actor.send({ type: 'asset.attach', key, asset: SAMPLE_IMAGE });
    actor.send({ type: 'ad.change', key, field: 'destinationUrl', value: 'https://example.com/spring' });
  };
  return { actor, view, ad, entry, complete };
}

describe('the creative step', () => {
  it('opens a plan without ads with one empty ad per platform, its defaults from the platform', () => {
    const { view } = start();
    const meta = view().platforms[0]!.ads[0]!;
    expect(view().platforms.map((p) => [p.displayName, p.ads.length])).toEqual([
      ['Meta', 1],
      ['Google Ads', 1],
    ]);
    expect(meta).toMatchObject({ name: 'Meta ad 1', format: 'single_image', callToAction: 'LEARN_MORE' });
    expect(meta.utm).toEqual({
      source: 'facebook',
      medium: 'paid_social',
      campaign: 'spring_launch',
      content: 'meta_ad_1',
    });
  });

  it('counts graphemes, warns past the truncation point and refuses past the limit', () => {
    const { actor, ad, entry, complete } = start();
    complete('meta');
    complete('google');
    const type = (platform: string, value: string) =>
      actor.send({ type: 'text.change', key: ad(platform).key, field: 'primaryText', index: 0, value });
    type('google', 'Spring sale');
    type('meta', 'Hi 👍🏽 é');
    expect(entry('meta', 'primaryText')).toMatchObject({ length: 6, state: 'ok', counter: '6 / 125' });
    expect(stepChanged(actor.getSnapshot().context)).toMatchObject({ valid: true, complete: true });

    type('meta', 'a'.repeat(130));
    expect(entry('meta', 'primaryText')).toMatchObject({
      state: 'truncated',
      counter: '130 / 200',
      warning: 'Meta shows about 125 characters before cutting it off',
      error: undefined,
    });
    expect(stepChanged(actor.getSnapshot().context).valid).toBe(true);

    type('meta', 'a'.repeat(201));
    expect(entry('meta', 'primaryText')).toMatchObject({
      state: 'over',
      error: 'Meta allows at most 200 characters here (this has 201)',
    });
    expect(stepChanged(actor.getSnapshot().context)).toMatchObject({ valid: false, complete: false });
  });

  it('tells the wizard an unfinished step may be saved but not left, and a rule broken may not be saved', () => {
    const { actor, ad, view } = start();
    // Opened without ads: one empty ad per platform, no text, picture or destination yet.
    expect(stepChanged(actor.getSnapshot().context)).toMatchObject({ valid: true, complete: false });
    const meta = ad('meta').key;
    actor.send({ type: 'text.change', key: meta, field: 'primaryText', index: 0, value: 'Spring' });
    actor.send({ type: 'ad.remove', key: ad('google').key });
    expect(stepChanged(actor.getSnapshot().context)).toMatchObject({ valid: true, complete: false });
    actor.send({ type: 'ad.change', key: meta, field: 'destinationUrl', value: 'http://example.com' });
    expect(stepChanged(actor.getSnapshot().context)).toMatchObject({ valid: false, complete: false });
    // Next shows what is missing too, not only what is wrong.
    actor.send({ type: 'step.showErrors' });
    expect(ad('meta').assets.length).toBe(0);
    expect(view().error).toBe('Add an ad for Google Ads');
    expect(ad('meta').errors).toMatchObject({
      destinationUrl: 'Enter a full https:// address, such as https://example.com/offer',
    });
  });

  it('leaves an empty optional field out of the body, and needs an ad per platform', () => {
    const { actor, ad, view } = start();
    expect(creativeBody(actor.getSnapshot().context.ads).ads[0]?.texts.headline).toEqual([]);
    actor.send({ type: 'ad.remove', key: ad('google').key });
    expect(view().error).toBe('Add an ad for Google Ads');
    actor.send({ type: 'ad.add', platform: 'google' });
    expect(view().error).toBeUndefined();
  });

  it('a new ad leads where the last one did; a rename carries the UTM content along', () => {
    const { actor, ad } = start();
    actor.send({
      type: 'ad.change',
      key: ad('meta').key,
      field: 'destinationUrl',
      value: 'https://shop.example/x',
    });
    actor.send({ type: 'ad.add', platform: 'meta' });
    expect(ad('meta', 1)).toMatchObject({ name: 'Meta ad 2', destinationUrl: 'https://shop.example/x' });
    actor.send({ type: 'ad.change', key: ad('meta', 1).key, field: 'name', value: 'Summer Feed' });
    expect(ad('meta', 1).utm?.content).toBe('summer_feed');
    expect(ad('meta', 1).finalUrl).toBe(
      'https://shop.example/x?utm_source=facebook&utm_medium=paid_social&utm_campaign=spring_launch&utm_content=summer_feed',
    );
  });

  it('shows the server’s messages under the ad they name, after another ad was removed', () => {
    const { actor, ad } = start();
    const google = ad('google').key;
    actor.send({
      type: 'step.serverErrors',
      errors: { 'ads.1.destinationUrl': 'That page does not answer' },
    });
    expect(ad('google').errors.destinationUrl).toBe('That page does not answer');
    actor.send({ type: 'ad.remove', key: ad('meta').key });
    expect(ad('google')).toMatchObject({
      key: google,
      errors: { destinationUrl: 'That page does not answer' },
    });
    actor.send({ type: 'ad.change', key: google, field: 'destinationUrl', value: 'https://example.com/a' });
    expect(ad('google').errors.destinationUrl).toBeUndefined();
  });

  it('a picture too small for a placement is named with the placement and the pixels', () => {
    const { actor, ad } = start();
    actor.send({
      type: 'asset.attach',
      key: ad('meta').key,
      asset: { ...SAMPLE_IMAGE, width: 500, height: 500 },
    });
    expect(ad('meta').assets[0]?.error).toBe(
      'Meta Feed needs at least 600 × 600 pixels at 1:1; this picture gives 500 × 500',
    );
    actor.send({ type: 'asset.focus', key: ad('meta').key, index: 0, focalX: 0.2, focalY: 0.8 });
    expect(ad('meta').assets[0]).toMatchObject({ focalX: 0.2, focalY: 0.8 });
  });

  it('a save gives the new ads their ids; a reload takes the server’s ads', () => {
    const { actor, view } = start(SAMPLE_CREATIVE_PLAN);
    const ids = () => actor.getSnapshot().context.ads.map((ad) => ad.id);
    expect(ids()).toEqual([undefined, undefined]);
    const saved = {
      ...SAMPLE_CREATIVE_PLAN,
      campaign: { ...SAMPLE_CREATIVE_PLAN.campaign, version: 6 },
      ads: SAMPLE_CREATIVE_PLAN.ads.map((ad) => ({
        ...ad,
        name: ad.platform === 'meta' ? 'Meta ad 1' : 'TikTok ad 1',
      })),
    };
    actor.send({ type: 'step.saved', plan: saved });
    expect(ids()).toEqual(saved.ads.map((ad) => ad.id));
    actor.send({ type: 'step.reset', plan: { ...saved, editableSteps: ['overview'] } });
    expect(view().readOnly).toBe(true);
    expect(actor.getSnapshot().context.ads.map((ad) => ad.texts.primaryText)).toEqual([
      ['Spring is here: new colours in store.'],
      ['Spring is here: new colours in store.'],
    ]);
  });

  it('a draft reopened after Back still knows a picture uploaded since the last save, which the save never sends', () => {
    const { actor, ad, complete } = start();
    complete('meta');
    actor.send({ type: 'text.change', key: ad('meta').key, field: 'primaryText', index: 0, value: 'Spring' });
    // The step as the wizard keeps it (Google's ad is still empty: saved as typed, Next waits).
    const draft = stepChanged(actor.getSnapshot().context);
    expect([draft.valid, draft.complete]).toEqual([true, false]);
    expect(JSON.parse(JSON.stringify(draft.body))).toEqual(creativeBody(actor.getSnapshot().context.ads));

    const reopened = createActor(planningCreativeMachine, {
      input: {
        plan: { ...completePlan({ version: 5 }), ads: [], assets: [] },
        rules: RULES,
        today: TODAY,
        draft: draft.body,
        readOnly: false,
      },
    }).start();
    reopened.send({ type: 'step.showErrors' });
    const meta = connectPlanningCreative(reopened.getSnapshot(), reopened.send).platforms[0]!.ads[0]!;
    expect(meta.assets[0]).toMatchObject({ asset: SAMPLE_IMAGE, error: undefined });
    expect(meta.texts[0]?.entries[0]?.value).toBe('Spring');
  });
});

/**
 * What each state of the creative step promises (chart input: the sample plan, Meta and TikTok, objective
 * 2, one complete ad each, version 3; both platforms' specs: single image, primary text at most 200 characters and cut off
 * after about 125, an optional headline of 60 cut after 40, a 600 × 600 feed and a 9:16 story).
 */
import { connectPlanningCreative } from '@machines/planning/planningCreative/planningCreative.connect';
import {
  planningCreativeMachine,
  stepChanged,
} from '@machines/planning/planningCreative/planningCreative.machine';
import { defineOracle, expectEqual, expectFields, expectThat, type OracleCheck } from '../oracle';

type Machine = typeof planningCreativeMachine;
type Step = Parameters<OracleCheck<Machine>>[0];

const view = (step: Step) => connectPlanningCreative(step.snapshot, () => {});
const NAMES: Record<string, string> = { meta: 'Meta', tiktok: 'TikTok' };
const SOURCES: Record<string, string> = { meta: 'facebook', tiktok: 'tiktok' };
/** Spec: a text is counted in graphemes (an emoji is one character). */
const graphemes = (text: string) =>
  [...new Intl.Segmenter('en', { granularity: 'grapheme' }).segment(text)].length;
const LIMITS: Record<string, { max: number; cut: number }> = {
  primaryText: { max: 200, cut: 125 },
  headline: { max: 60, cut: 40 },
};
/** What the step tells the wizard: saved as typed (`valid`), Next may leave (`complete`). */
const told = (step: Step) => stepChanged(step.context);
const adOf = (step: Step, key: string) =>
  view(step)
    .platforms.flatMap((p) => p.ads)
    .find((ad) => ad.key === key);

export const planningCreativeOracle = defineOracle(planningCreativeMachine, {
  always: (step) => {
    const v = view(step);
    // A finished step is one the wizard may save; an unfinished one may still be saved, not left.
    if (told(step).complete) expectThat(told(step).valid, 'complete but not savable');
    // Spec: one section per platform of the plan, in the plan's order.
    expectEqual(
      v.platforms.slice(0, 2).map((p) => p.displayName),
      ['Meta', 'TikTok'],
      'platform sections',
    );
    // Spec: live counters, green, then amber past the truncation point, red past the limit.
    for (const ad of v.platforms.flatMap((p) => p.ads))
      for (const field of ad.texts)
        for (const entry of field.entries) {
          const limit = LIMITS[field.key];
          if (!limit) continue;
          const length = graphemes(entry.value);
          const state = length > limit.max ? 'over' : length > limit.cut ? 'truncated' : 'ok';
          expectFields(entry, { length, state }, `${ad.label} ${field.key} counter`);
          expectEqual(
            entry.counter,
            `${length} / ${state === 'ok' ? limit.cut : limit.max}`,
            `${ad.label} ${field.key} counter text`,
          );
          expectEqual(
            entry.warning,
            state === 'truncated'
              ? `${NAMES[ad.platform]} shows about ${limit.cut} characters before cutting it off`
              : undefined,
            'truncation warning',
          );
        }
  },
  events: {
    'asset.move': (step) => {
      const before = step.previous?.context.ads[0]?.assets ?? [];
      expectEqual(
        step.context.ads[0]?.assets.map((a) => a.assetId),
        [before[1]?.assetId, before[0]?.assetId, ...before.slice(2).map((a) => a.assetId)],
        'the second picture goes first',
      );
    },
    'text.add': (step) =>
      expectEqual(
        step.context.ads[0]?.texts.description?.length,
        (step.previous?.context.ads[0]?.texts.description?.length ?? 0) + 1,
        'one more description',
      ),
    'ad.add': (step) => {
      const before = step.previous?.context.ads ?? [];
      expectEqual(step.context.ads.length, before.length + 1, 'ads');
      const added = step.context.ads.at(-1)!;
      const platform = step.event.platform as string;
      // Spec: a new ad starts on the platform's first format, empty texts, the last destination, its UTM tags.
      expectFields(
        added,
        {
          platform,
          format: 'single_image',
          destinationUrl: before.findLast((ad) => ad.destinationUrl !== '')?.destinationUrl ?? '',
          callToAction: 'LEARN_MORE',
          assets: [],
        },
        'new ad',
      );
      expectEqual(
        added.texts,
        platform === 'meta'
          ? { primaryText: [''], headline: [''], description: [''] }
          : { primaryText: [''], headline: [''] },
        'empty texts',
      );
      expectFields(added.utm ?? {}, { source: SOURCES[platform], campaign: 'spring_launch' }, 'UTM defaults');
    },
    'text.change': (step) => {
      const ad = adOf(step, step.event.key as string);
      if (!ad) return;
      const field = ad.texts.find((f) => f.key === step.event.field)!;
      const entry = field.entries[step.event.index as number]!;
      expectEqual(entry.value, step.event.value, 'typed text');
      const length = graphemes(entry.value);
      if (length > LIMITS[field.key]!.max)
        expectEqual(
          entry.error,
          `${NAMES[ad.platform]} allows at most ${LIMITS[field.key]!.max} characters here (this has ${length})`,
          'limit named inline',
        );
      // Past the platform's limit is not saved until fixed.
      if (length > LIMITS[field.key]!.max) expectFields(told(step), { valid: false, complete: false });
    },
    'ad.change': (step) => {
      const ad = adOf(step, step.event.key as string);
      if (ad && step.event.field === 'destinationUrl' && !(step.event.value as string).startsWith('https://'))
        expectEqual(
          ad.errors.destinationUrl,
          'Enter a full https:// address, such as https://example.com/offer',
          'https required',
        );
      if (ad && step.event.field === 'destinationUrl' && !(step.event.value as string).startsWith('https://'))
        expectFields(told(step), { valid: false }, 'a wrong address is not saved');
    },
    // A picture taken away leaves the ad unfinished, not wrong: what was savable stays savable.
    'asset.detach': (step) => {
      if (stepChanged(step.previous!.context).valid) expectThat(told(step).valid, 'unsavable after a detach');
      if (step.context.ads.some((ad) => ad.assets.length === 0))
        expectFields(told(step), { complete: false }, 'an ad without a picture');
    },
    'asset.attach': (step) => {
      const ad = adOf(step, step.event.key as string);
      if (!ad) return;
      const asset = step.event.asset as { id: string; width: number };
      const before = step.previous?.context.ads.find((a) => a.key === ad.key)?.assets ?? [];
      // A single-image ad holds one picture, the new one; a carousel adds it at the end; centred.
      const expected =
        ad.format === 'carousel'
          ? [...before.map((a) => [a.assetId, a.focalX, a.focalY]), [asset.id, 0.5, 0.5]]
          : [[asset.id, 0.5, 0.5]];
      expectEqual(
        ad.assets.map((a) => [a.assetId, a.focalX, a.focalY]),
        expected,
        'attached',
      );
      if (asset.width < 600)
        expectEqual(
          ad.assets.at(-1)?.error,
          `${NAMES[ad.platform]} Feed needs at least 600 × 600 pixels at 1:1; this picture gives 300 × 300`,
          'too small for the feed',
        );
    },
    'step.showErrors': (step) => {
      const v = view(step);
      const shown = v.platforms.flatMap((p) => p.ads).some((ad) => Object.keys(ad.errors).length > 0);
      const invalid = step.context.ads.some((ad) => ad.destinationUrl === '' || ad.assets.length === 0);
      if (invalid) expectThat(shown, 'Next on an invalid step shows its errors');
      // Issue 28: Next says how many ads need attention and asks the view to focus the first message.
      const needing = v.platforms
        .flatMap((p) => p.ads)
        .filter(
          (ad) =>
            Object.keys(ad.errors).length > 0 ||
            Object.keys(ad.utmErrors).length > 0 ||
            ad.assets.some((a) => a.error) ||
            ad.texts.some((f) => f.error || f.entries.some((e) => e.error)),
        ).length;
      if (step.snapshot.matches('editing')) {
        expectEqual(
          v.attention,
          needing === 0 ? null : needing === 1 ? '1 ad needs attention' : `${needing} ads need attention`,
          'how many ads need attention',
        );
        expectEqual(
          v.errorRequests,
          (step.previous?.context.errorRequests ?? 0) + 1,
          'the view is asked to focus the first message',
        );
      }
    },
    'step.serverErrors': (step) => {
      const first = step.context.ads[0];
      if (first)
        expectEqual(
          adOf(step, first.key)?.errors.destinationUrl,
          'That page does not answer',
          'server message',
        );
    },
    'step.saved': (step) => {
      expectEqual(
        step.context.ads.map((ad) => [ad.name, ad.texts]),
        step.previous?.context.ads.map((ad) => [ad.name, ad.texts]),
        'typed values kept',
      );
      expectEqual(step.context.plan?.campaign.version, 4, 'version');
    },
    'step.reset': (step) => {
      expectEqual(
        step.context.ads.map((ad) => [ad.id, ad.platform]),
        [
          ['00000000-0000-4000-8000-0000000000d1', 'meta'],
          ['00000000-0000-4000-8000-0000000000d2', 'tiktok'],
        ],
        'the server’s ads',
      );
      expectEqual(
        view(step).platforms.flatMap((p) => p.ads.flatMap((ad) => Object.keys(ad.errors))),
        [],
        'a reload starts without messages',
      );
    },
  },
  states: {
    editing: (step) => {
      expectFields(view(step), { readOnly: false });
      if (step.index === 0) {
        // The plan's ads as saved, valid, without a message.
        expectEqual(
          view(step).platforms.map((p) => p.ads.map((ad) => [ad.label, ad.name, ad.format])),
          [[['Meta ad 1', 'Meta ad 1', 'single_image']], [['TikTok ad 1', 'TikTok ad 1', 'single_image']]],
          'saved ads',
        );
        expectEqual(
          view(step).platforms.flatMap((p) => p.ads.flatMap((ad) => Object.keys(ad.errors))),
          [],
          'no messages',
        );
      }
    },
    readOnly: (step) => expectFields(view(step), { readOnly: true }),
  },
});

import './support/matchers';
import type { CreativeSpecs } from '@contract/creative';
import type { Plan, RulesByPlatform } from '@contract/planning';
import { SAMPLE_TODAY } from '@machines/planning/planningAudience/planningAudience.samples';
import { planningCreativeMachine } from '@machines/planning/planningCreative';
import {
  SAMPLE_CREATIVE_RULES,
  SAMPLE_OPENING_PLAN,
} from '@machines/planning/planningCreative/planningCreative.samples';
import { CreativeStep } from '@src/features/planning/creative/CreativeStep';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { createActor } from 'xstate';

afterEach(cleanup);

/** TikTok runs a video first and a single image second, as the sandbox's TikTok does. */
const tiktok = SAMPLE_CREATIVE_RULES.tiktok!;
const [tiktokImage] = tiktok.creative.formats;
const tiktokCreative: CreativeSpecs = {
  ...tiktok.creative,
  formats: [
    { ...tiktokImage!, key: 'video', media: { kind: 'video', minCount: 1, maxCount: 1 } },
    tiktokImage!,
  ],
};
const RULES: RulesByPlatform = { ...SAMPLE_CREATIVE_RULES, tiktok: { ...tiktok, creative: tiktokCreative } };

function renderStep(plan: Plan) {
  const actor = createActor(planningCreativeMachine, {
    input: { plan, rules: RULES, today: SAMPLE_TODAY, draft: null, readOnly: false },
  }).start();
  render(<CreativeStep actor={actor} />);
  return { actor, user: userEvent.setup() };
}

describe('CreativeStep', () => {
  it('Next on unfinished ads says how many need attention and focuses the first message', async () => {
    // Both ads lose their landing page: two ads need attention, Meta's comes first.
    const plan: Plan = {
      ...SAMPLE_OPENING_PLAN,
      ads: SAMPLE_OPENING_PLAN.ads.map((ad) => ({ ...ad, destinationUrl: '' })),
    };
    const { actor } = renderStep(plan);
    expect(screen.queryByText(/need attention/)).toBeNull();
    act(() => actor.send({ type: 'step.showErrors' }));
    expect(await screen.findByText('2 ads need attention')).toHaveAttribute('role', 'alert');
    const meta = screen.getByRole('article', { name: 'Meta ad 1' });
    await waitFor(() =>
      expect(document.activeElement).toBe(within(meta).getByLabelText('Meta ad 1 destination URL')),
    );
    expect(document.activeElement).toHaveAttribute('aria-invalid', 'true');
  });

  it('one ad short says so in the singular, and focuses that ad’s message', async () => {
    const plan: Plan = {
      ...SAMPLE_OPENING_PLAN,
      ads: SAMPLE_OPENING_PLAN.ads.map((ad) => (ad.platform === 'tiktok' ? { ...ad, assets: [] } : ad)),
    };
    const { actor } = renderStep(plan);
    act(() => actor.send({ type: 'step.showErrors' }));
    expect(await screen.findByText('1 ad needs attention')).toBeInTheDocument();
    const tiktokAd = screen.getByRole('article', { name: 'TikTok ad 1' });
    await waitFor(() => expect(tiktokAd.contains(document.activeElement)).toBe(true));
  });

  it('the upload follows the format: TikTok switched from video to a single image takes images', async () => {
    const plan: Plan = {
      ...SAMPLE_OPENING_PLAN,
      ads: SAMPLE_OPENING_PLAN.ads.map((ad) =>
        ad.platform === 'tiktok' ? { ...ad, format: 'video', assets: [] } : ad,
      ),
    };
    const { user } = renderStep(plan);
    const ad = screen.getByRole('article', { name: 'TikTok ad 1' });
    expect(within(ad).getByLabelText('Upload video for TikTok ad 1')).toHaveAttribute('accept', 'video/mp4');
    await user.selectOptions(within(ad).getByLabelText('TikTok ad 1 format'), 'single_image');
    expect(within(ad).getByLabelText('Upload image for TikTok ad 1')).toHaveAttribute(
      'accept',
      'image/png,image/jpeg,image/webp',
    );
  });
});

import './support/matchers';
import type { AudienceEstimateAnswer, AudienceEstimateRequest, Interest, Plan } from '@contract/planning';
import { type InterestSearchInput, planningAudienceMachine } from '@machines/planning/planningAudience';
import {
  SAMPLE_PLAN,
  SAMPLE_RULES,
  SAMPLE_TODAY,
} from '@machines/planning/planningAudience/planningAudience.samples';
import { ApiError } from '@src/api/http';
import { AudienceStep } from '@src/features/planning/audience/AudienceStep';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';

// Zag's combobox finds its items with CSS.escape, which jsdom lacks.
globalThis.CSS ??= {} as typeof CSS;
CSS.escape ??= (value: string) => value.replace(/[^\w-]/g, (c) => `\\${c}`);

const TRAVEL: Interest = {
  id: 'travel',
  name: 'Travel',
  path: ['Hobbies and activities'],
  audienceSize: 900_000_000,
};

function renderStep(
  readOnly = false,
  saved: Pick<Plan, 'audience' | 'interestNames'> | null = null,
  search?: (input: InterestSearchInput) => Promise<Interest[]>,
  estimate?: (request: AudienceEstimateRequest) => Promise<AudienceEstimateAnswer[]>,
) {
  const estimates = vi.fn(
    estimate ??
      (async (request: AudienceEstimateRequest): Promise<AudienceEstimateAnswer[]> =>
        request.platforms.map((platform) =>
          platform === 'meta'
            ? { platform, lower: 1_200_000, upper: 1_400_000, guidance: 'fits', message: null }
            : {
                platform,
                lower: 800,
                upper: 950,
                guidance: 'too_narrow',
                message: 'Too narrow for TikTok: add locations or interests to reach at least 1,000 people.',
              },
        )),
  );
  const searches = vi.fn(
    search ?? (async (input: InterestSearchInput): Promise<Interest[]> => (input.query ? [TRAVEL] : [])),
  );
  const machine = planningAudienceMachine.provide({
    actors: {
      estimateAudience: fromPromise(({ input }: { input: AudienceEstimateRequest }) => estimates(input)),
      searchInterests: fromPromise(({ input }: { input: InterestSearchInput }) => searches(input)),
    },
  });
  const actor = createActor(machine, {
    input: {
      plan: {
        ...SAMPLE_PLAN,
        audience: readOnly
          ? { locations: ['FR'], ageMin: 18, ageMax: 65, genders: [], languages: [], interests: {} }
          : null,
        ...saved,
      },
      rules: SAMPLE_RULES,
      today: SAMPLE_TODAY,
      draft: null,
      readOnly,
    },
  }).start();
  render(<AudienceStep actor={actor} />);
  // Typed at a person's pace: at jsdom's speed, a key pressed while the previous one's list re-renders can
  // be dropped by the combobox.
  return { actor, estimates, searches, user: userEvent.setup({ delay: 30 }) };
}

describe('AudienceStep', () => {
  it('searches countries by name as typed, chooses one as a chip, and shows each platform’s estimate', async () => {
    const { user, estimates } = renderStep();
    expect(screen.getAllByText('Choose a location to see the audience size.')).toHaveLength(2);
    const locations = screen.getByRole('combobox', { name: 'Locations' });
    await user.type(locations, 'fran');
    // A busy machine (npm test runs two workers) can take longer than findBy's default second to list it.
    await user.click(await screen.findByRole('option', { name: 'France' }, { timeout: 15_000 }));
    const chips = screen.getByRole('list', { name: 'Chosen: locations' });
    expect(within(chips).getByText('France')).toBeInTheDocument();
    // The estimate is asked after a pause, for both platforms, and shown as a range with the guidance.
    const meta = await screen.findByRole('region', { name: 'Meta' });
    await within(meta).findByText('1.2M – 1.4M people', {}, { timeout: 15_000 });
    expect(within(meta).getByText('Fairly broad')).toBeInTheDocument();
    const tiktok = screen.getByRole('region', { name: 'TikTok' });
    expect(within(tiktok).getByText('800 – 950 people')).toBeInTheDocument();
    expect(within(tiktok).getByText('Too specific')).toBeInTheDocument();
    expect(within(tiktok).getByText(/Too narrow for TikTok/)).toBeInTheDocument();
    expect(estimates).toHaveBeenLastCalledWith(
      expect.objectContaining({ audience: expect.objectContaining({ locations: ['FR'] }) }),
    );
    // Removing the chip leaves nothing to estimate, and says why.
    await user.click(screen.getByRole('button', { name: 'Remove France' }));
    expect(await screen.findByText('Choose at least one location')).toBeInTheDocument();
  });

  it('chooses the keyboard way: arrows and Enter', async () => {
    const { user, actor } = renderStep();
    await user.type(screen.getByRole('combobox', { name: 'Locations' }), 'ger');
    // Names starting with the text first, then those containing it: Germany, then Algeria, Niger…
    await screen.findByRole('option', { name: 'Germany' });
    await user.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(actor.getSnapshot().context.values.locations).toEqual(['DZ']));
  });

  it('searches a platform’s interests on the server and shows the chosen ones with the maximum', async () => {
    const { user, searches } = renderStep();
    await user.type(screen.getByRole('combobox', { name: 'TikTok interests' }), 'trav');
    await user.click(await screen.findByRole('option', { name: /Travel/ }, { timeout: 15_000 }));
    expect(searches).toHaveBeenLastCalledWith({ platform: 'tiktok', query: 'trav', limit: 20 });
    expect(screen.getByText('1 of 1 interests')).toBeInTheDocument();
    expect(
      within(screen.getByRole('list', { name: 'Chosen: tiktok interests' })).getByText('Travel'),
    ).toBeInTheDocument();
  });

  it('says why a search failed in the server’s words, and shows a segment without a published size by its place', async () => {
    const notConnected = new ApiError({
      kind: 'http',
      status: 409,
      body: {
        errorCode: 'PLATFORM_NOT_CONNECTED',
        message:
          'TikTok lists its audience segments for a connected ad account: connect TikTok under Platforms first.',
      },
    });
    let connected = false;
    const { user } = renderStep(false, null, async () => {
      if (!connected) throw notConnected;
      return [{ id: '84791', name: 'Beaches', path: ['Affinity segments', 'Travel'], audienceSize: 0 }];
    });
    const field = screen.getByRole('combobox', { name: 'TikTok interests' });
    await user.type(field, 'beach');
    expect(
      await screen.findByText(
        'Could not search interests. TikTok lists its audience segments for a connected ad account: connect TikTok under Platforms first.',
        {},
        { timeout: 15_000 },
      ),
    ).toBeInTheDocument();
    connected = true;
    await user.type(field, 'e');
    const option = await screen.findByRole('option', { name: /Beaches/ }, { timeout: 15_000 });
    expect(option).toHaveTextContent('Affinity segments › Travel');
    expect(option).not.toHaveTextContent('people');
  });

  it('shows each platform’s estimate on its card, and on a platform that has none, why', async () => {
    const estimates = vi.fn(
      async (request: AudienceEstimateRequest): Promise<AudienceEstimateAnswer[]> =>
        request.platforms.map((platform) =>
          platform === 'meta'
            ? { platform, lower: 1_200_000, upper: 1_400_000, guidance: 'fits', message: null }
            : { platform, unavailable: 'TikTok is not answering right now: try again in a minute.' },
        ),
    );
    const { user } = renderStep(false, null, undefined, estimates);
    await user.type(screen.getByRole('combobox', { name: 'Locations' }), 'Fra');
    await user.click(await screen.findByRole('option', { name: 'France' }, { timeout: 15_000 }));
    const tiktok = screen.getByRole('region', { name: 'TikTok' });
    expect(
      await within(tiktok).findByText(
        'TikTok is not answering right now: try again in a minute.',
        {},
        { timeout: 15_000 },
      ),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Meta' })).getByText('1.2M – 1.4M people'),
    ).toBeInTheDocument();
  });

  it('shows saved interests by name, as the plan saved them, not by id', async () => {
    renderStep(false, {
      audience: {
        locations: ['FR'],
        ageMin: 18,
        ageMax: 65,
        genders: [],
        languages: [],
        interests: { tiktok: ['814298'] },
      },
      interestNames: { tiktok: { '814298': 'Beaches' } },
    });
    const chips = screen.getByRole('list', { name: 'Chosen: tiktok interests' });
    expect(within(chips).getByText('Beaches')).toBeInTheDocument();
    expect(within(chips).queryByText('814298')).toBeNull();
  });

  it("shows the platforms' minimum age under the ages", async () => {
    const { user } = renderStep();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Youngest age' }), '16');
    expect(screen.getByText('TikTok targets people 18 and over for Traffic campaigns')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Female' }));
    expect((screen.getByRole('radio', { name: 'Female' }) as HTMLInputElement).checked).toBe(true);
  });

  it('shows a locked plan’s audience without anything to change', async () => {
    renderStep(true);
    expect(
      within(screen.getByRole('list', { name: 'Chosen: locations' })).getByText('France'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove France' })).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Locations' })).toBeNull();
    expect((screen.getByRole('combobox', { name: 'Youngest age' }) as HTMLSelectElement).disabled).toBe(true);
    await screen.findAllByText('1.2M – 1.4M people', {}, { timeout: 15_000 });
  });
});

/**
 * The `planningCreative` chart's generated paths, replayed on the wizard's creative step
 * (/planning/wizard/{id}/creative over the chart's input plan: Meta and TikTok, one complete ad each),
 * invoked by the wizard's own chart and watched among its descendants.
 * Texts, names and URLs are pasted; formats and calls to action chosen; pictures come from “Choose from
 * library” (GET /api/assets answers with the step's asset), their focal point is set with the two sliders;
 * UTM tags are switched on and typed. The wizard's messages (`step.showErrors`, `step.serverErrors`,
 * `step.saved`, `step.reset`) are produced through the wizard as tests/web/support/wizardStepPaths.ts says.
 */
import '../support/matchers';
import type { Asset, Utm } from '@contract/creative';
import type { Plan, RulesByPlatform } from '@contract/planning';
import { getChart } from '@machines';
import {
  connectPlanningCreative,
  creativeHardIssues,
  creativeIssues,
  type PlanningCreativeContext,
  type PlanningCreativeSnapshot,
} from '@machines/planning/planningCreative';
import type { StepInput } from '@machines/planning/stepProtocol';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, expect, vi } from 'vitest';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { snapshotOf } from '../../paths/viewActors';
import { describeViewPathTests, replaceText, type ViewRun, type ViewStep } from '../../paths/viewPathTests';
import { json } from '../support/fakeApi';
import {
  checkWizardAround,
  renderWizardStep,
  type WizardStepPage,
  wizardStepEvents,
} from '../support/wizardStepPaths';

// Watch the view's actors (tests/paths/viewActors.ts); vitest hoists this above every import.
vi.mock('@xstate/react', async (importOriginal) =>
  (await import('../../paths/viewActors')).inspectingXStateReact(importOriginal),
);

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

const chart = getChart('planningCreative');
const RULES = (chart.input as StepInput).rules as RulesByPlatform;
const contextOf = (state: AnyMachineSnapshot) => state.context as PlanningCreativeContext;
const viewOf = (state: AnyMachineSnapshot) =>
  connectPlanningCreative(state as unknown as PlanningCreativeSnapshot, () => {});
const live = (run: ViewRun) => snapshotOf(run.watched).context as PlanningCreativeContext;
const LIBRARY = (r: { method: string; path: string }) => r.method === 'GET' && r.path === '/api/assets';
type Payload = EventObject & Record<string, unknown>;

/** The ad `key`'s name in the page (“Meta ad 2”): its platform and place among that platform's ads. */
function adLabel(context: PlanningCreativeContext, key: string): string {
  const ad = context.ads.find((a) => a.key === key);
  if (!ad) throw new Error(`no ad ${key}`);
  const number = context.ads.filter((a) => a.platform === ad.platform).indexOf(ad) + 1;
  return `${RULES[ad.platform]?.creative.displayName} ad ${number}`;
}
const card = (label: string) => screen.getByRole('article', { name: label });
const field = (name: string) => screen.getByLabelText(name) as HTMLInputElement;

/** The accessible name of a text entry: “Meta ad 1 primary text”, “Meta ad 1 description 2”. */
function textName(context: PlanningCreativeContext, key: string, fieldKey: string, index: number) {
  const ad = context.ads.find((a) => a.key === key)!;
  const spec = RULES[ad.platform]?.creative.formats
    .find((f) => f.key === ad.format)
    ?.texts.find((t) => t.key === fieldKey);
  const label = `${adLabel(context, key)} ${spec?.label.toLowerCase()}`;
  return (spec?.maxCount ?? 1) > 1 ? `${label} ${index + 1}` : label;
}

/** The page's plan: the chart's, with the steps before the creative one done (so the wizard opens it). */
const served = (plan: Plan): Plan => ({
  ...plan,
  audience: { locations: ['DE'], ageMin: 18, ageMax: 65, genders: [], languages: [], interests: {} },
  flights: plan.platforms.map((platform, i) => ({
    id: `00000000-0000-4000-8000-0000000000f${i + 1}`,
    platform,
    startDate: plan.campaign.startDate!,
    endDate: plan.campaign.endDate!,
    amountMinor: plan.allocations[platform]?.amountMinor ?? 0,
    pacing: 'even' as const,
    bookingId: null,
    bookingStatus: null,
  })),
  editableSteps: [...plan.editableSteps, 'creative'],
});

/** A valid edit that leaves the values as they are: the first ad's name, its last character again. */
const touch = ({ user }: WizardStepPage) =>
  replaceText(user, field('Meta ad 1 name'), field('Meta ad 1 name').value);

/** Each platform's ads as typed: names, texts with their counters, and every message the step shows. */
async function checkCreative(state: AnyMachineSnapshot) {
  const view = viewOf(state);
  for (const platform of view.platforms) {
    const section = screen.getByRole('region', { name: platform.displayName });
    await waitFor(() => expect(within(section).queryAllByRole('article')).toHaveLength(platform.ads.length));
    for (const ad of platform.ads) {
      const article = card(ad.label);
      expect(field(`${ad.label} name`).value).toBe(ad.name);
      expect((within(article).getByLabelText(`${ad.label} format`) as HTMLSelectElement).value).toBe(
        ad.format,
      );
      for (const text of ad.texts)
        for (const entry of text.entries) {
          const name = `${ad.label} ${text.label.toLowerCase()}${text.multiple ? ` ${entry.index + 1}` : ''}`;
          expect(field(name).value).toBe(entry.value);
          // The live counter and the platform's rule are read out with the field.
          expect(field(name)).toHaveAccessibleDescription(
            [entry.counter, entry.error ?? entry.warning].filter(Boolean).join(' '),
          );
          if (entry.error) expect(field(name)).toHaveAttribute('aria-invalid', 'true');
        }
      const pictures = within(article).queryByRole('list', {
        name: new RegExp(`^${ad.label} (image|images|video)$`),
      });
      expect(pictures ? within(pictures).getAllByRole('listitem') : []).toHaveLength(ad.assets.length);
      const messages = [...Object.values(ad.errors), ...ad.assets.map((a) => a.error)].filter(Boolean);
      for (const message of new Set(messages as string[]))
        expect(within(article).getAllByText(message).length).toBeGreaterThan(0);
    }
  }
  if (view.error) expect(screen.getAllByText(view.error).length).toBeGreaterThan(0);
  // After Next on an unfinished step: how many ads need attention, announced.
  if (view.attention) expect(screen.getByText(view.attention)).toHaveAttribute('role', 'alert');
  else expect(screen.queryByText(/need(s)? attention$/)).toBeNull();
}

/** Every ad finished: Next leaves (and saves on its way). */
const complete = (state: AnyMachineSnapshot) =>
  Object.keys(creativeIssues(contextOf(state))).length === 0 && !contextOf(state).readOnly;
/** Nothing past a platform's rule: the wizard saves it as typed after the pause, finished or not. */
const savable = (state: AnyMachineSnapshot) =>
  Object.keys(creativeHardIssues(contextOf(state))).length === 0 && !contextOf(state).readOnly;
const hasAd = (state: AnyMachineSnapshot, key: unknown) => contextOf(state).ads.some((a) => a.key === key);

describeViewPathTests<WizardStepPage>({
  chart,
  clock: 'real',
  compareContext: (context: PlanningCreativeContext) => chart.abstractContext?.(context),
  render: () => renderWizardStep(chart, 'creative', 'Meta', { served, hold: LIBRARY }),
  events: {
    'ad.add': ({ user }, { event }) =>
      user.click(
        screen.getByRole('button', { name: `Add ad for ${RULES[event.platform as string]?.displayName}` }),
      ),
    'ad.remove': ({ user }, { event }, run) =>
      user.click(screen.getByRole('button', { name: `Remove ${adLabel(live(run), event.key as string)}` })),
    'ad.change': async ({ user }, { event }, run) => {
      const label = adLabel(live(run), event.key as string);
      if (event.field === 'callToAction')
        await user.selectOptions(field(`${label} call to action`), event.value as string);
      else
        await replaceText(
          user,
          field(`${label} ${event.field === 'name' ? 'name' : 'destination URL'}`),
          event.value as string,
        );
    },
    'ad.format': ({ user }, { event }, run) =>
      user.selectOptions(field(`${adLabel(live(run), event.key as string)} format`), event.format as string),
    'text.change': ({ user }, { event }, run) =>
      replaceText(
        user,
        field(textName(live(run), event.key as string, event.field as string, event.index as number)),
        event.value as string,
      ),
    'text.add': ({ user }, { event }, run) =>
      user.click(
        screen.getByRole('button', {
          name: `Add ${event.field} to ${adLabel(live(run), event.key as string)}`,
        }),
      ),
    'text.remove': ({ user }, { event }, run) =>
      user.click(
        screen.getByRole('button', {
          name: `Remove ${textName(live(run), event.key as string, event.field as string, event.index as number)}`,
        }),
      ),
    'asset.attach': async ({ user, server }, { event }, run) => {
      const asset = event.asset as Asset;
      await user.click(
        screen.getByRole('button', {
          name: `Choose from library for ${adLabel(live(run), event.key as string)}`,
        }),
      );
      await server.respond(LIBRARY, json({ items: [asset], total: 1 }));
      await user.click(await screen.findByRole('button', { name: new RegExp(`^Choose ${asset.name},`) }));
    },
    'asset.detach': ({ user }, { event }, run) => {
      const context = live(run);
      const ad = context.ads.find((a) => a.key === event.key)!;
      const name = context.assets[ad.assets[event.index as number]!.assetId]?.name;
      return user.click(
        screen.getByRole('button', { name: `Remove ${name} from ${adLabel(context, event.key as string)}` }),
      );
    },
    'asset.move': ({ user }, { event }, run) =>
      user.click(
        screen.getByRole('button', {
          name: `Move ${adLabel(live(run), event.key as string)} image ${(event.index as number) + 1} ${
            (event.to as number) < (event.index as number) ? 'earlier' : 'later'
          }`,
        }),
      ),
    'asset.focus': (_view, { event }, run) => {
      const context = live(run);
      const ad = context.ads.find((a) => a.key === event.key)!;
      const name = context.assets[ad.assets[event.index as number]!.assetId]?.name;
      const group = screen.getByRole('group', {
        name: `Focal point of ${name} in ${adLabel(context, ad.key)}`,
      });
      const use = ad.assets[event.index as number]!;
      if (use.focalX !== event.focalX)
        fireEvent.change(within(group).getByLabelText('Across'), {
          target: { value: String(Math.round((event.focalX as number) * 100)) },
        });
      if (use.focalY !== event.focalY)
        fireEvent.change(within(group).getByLabelText('Down'), {
          target: { value: String(Math.round((event.focalY as number) * 100)) },
        });
    },
    'utm.change': async ({ user }, { event }, run) => {
      const article = card(adLabel(live(run), event.key as string));
      const toggle = within(article).getByRole('checkbox', { name: 'Add UTM parameters' });
      const utm = event.utm as Utm | null;
      if (utm === null) return user.click(toggle);
      if (!(toggle as HTMLInputElement).checked) await user.click(toggle);
      for (const [key, label] of [
        ['source', 'Source'],
        ['medium', 'Medium'],
        ['campaign', 'Campaign'],
        ['content', 'Content'],
      ] as const)
        await replaceText(user, within(article).getByLabelText(new RegExp(`^${label}`)), utm[key]);
    },
    ...wizardStepEvents(chart, 'creative', touch),
  },
  states: {
    editing: async (_view, { state }: ViewStep) => {
      await checkWizardAround('Creative', false);
      await checkCreative(state);
      expect(field('Meta ad 1 name')).not.toBeDisabled();
    },
    readOnly: async (_view, { state }: ViewStep) => {
      await checkWizardAround('Creative', true);
      await waitFor(() => expect(field('Meta ad 1 name')).toBeDisabled());
      await checkCreative(state);
      expect(screen.queryByRole('button', { name: /^Add ad for/ })).not.toBeInTheDocument();
    },
  },
  unproducible: [
    {
      because: 'an ad’s fields and buttons show only while it is there',
      step: (event, before) => 'key' in event && !hasAd(before, (event as Payload).key),
    },
    {
      because: 'a focal point already where the step puts it moves no slider',
      step: (event, before) => {
        if (event.type !== 'asset.focus') return false;
        const e = event as Payload;
        const use = contextOf(before).ads.find((a) => a.key === e.key)?.assets[e.index as number];
        return use?.focalX === e.focalX && use?.focalY === e.focalY;
      },
    },
    {
      because: 'switching off UTM tags that are off is no click',
      step: (event, before) =>
        event.type === 'utm.change' &&
        (event as Payload).utm === null &&
        contextOf(before).ads.find((a) => a.key === (event as Payload).key)?.utm === null,
    },
    {
      because:
        'Next shows every error only on a step that fails the checks or is unfinished (else it moves on)',
      step: (event, before) => event.type === 'step.showErrors' && complete(before),
    },
    {
      because: 'the wizard saves (and so answers) only a change that keeps the platforms’ rules',
      step: (event, before) => event.type === 'step.saved' && !savable(before),
    },
    {
      because:
        'a 400 or a conflict is produced through Next, which on an unfinished step shows every error first',
      step: (event, before) => ['step.serverErrors', 'step.reset'].includes(event.type) && !complete(before),
    },
  ],
  unreachable: [
    {
      transition: 'readOnly --step.saved--> opening',
      because: 'a read-only step sends no change, so the wizard saves nothing while it shows',
    },
    {
      transition: 'readOnly --step.reset--> opening',
      because: 'a read-only step sends no change, so no save of it meets a conflict to reload after',
    },
  ],
});

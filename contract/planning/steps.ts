/**
 * The planning wizard's steps, in order (spec §2: /planning/wizard/new/overview and
 * /planning/wizard/{campaignId}/review; the steps between are ours). Everything that walks the steps
 * reads this list.
 */
export const WIZARD_STEPS = ['overview', 'platforms', 'audience', 'schedule', 'creative', 'review'] as const;
export type WizardStep = (typeof WIZARD_STEPS)[number];

/** The steps a planner fills in and saves; `review` only summarises, picks the budget and launches. */
export const EDITABLE_WIZARD_STEPS = ['overview', 'platforms', 'audience', 'schedule', 'creative'] as const;
export type EditableWizardStep = (typeof EDITABLE_WIZARD_STEPS)[number];

export const WIZARD_STEP_LABELS: Record<WizardStep, string> = {
  overview: 'Overview',
  platforms: 'Platforms and budget',
  audience: 'Audience',
  schedule: 'Schedule',
  creative: 'Creative',
  review: 'Review',
};

export function isWizardStep(value: string): value is WizardStep {
  return (WIZARD_STEPS as readonly string[]).includes(value);
}

export const wizardPath = (campaignId: string, step: WizardStep) =>
  `/planning/wizard/${encodeURIComponent(campaignId)}/${step}`;

/**
 * The campaign lifecycle's fields (machines/campaignLifecycle EDITABLE_FIELDS) each step writes: a step
 * is editable only when the campaign's status lets every one of them change. The overview step is the
 * exception: its bookkeeping fields (name, customer) stay editable on a live campaign, the others not.
 */
export const STEP_FIELDS = {
  overview: ['name', 'customerId', 'objectiveId', 'currency'],
  platforms: ['platforms', 'budgetMinor'],
  audience: ['audience'],
  schedule: ['startDate', 'endDate', 'flights'],
  creative: ['ads'],
  review: ['budgetId'],
} as const satisfies Record<WizardStep, readonly string[]>;

import { formatMoney } from '@src/lib/format';

/** Plans carry no currency on the wire yet: prices are shown in euros, like the demo data. */
export const PLAN_CURRENCY = 'EUR';

export interface PlanFeature {
  label: string;
  included: boolean;
}

interface PlanCopy {
  tagline: string;
  features: (hasWhiteLabel: boolean) => PlanFeature[];
}

const CORE: PlanFeature[] = [
  {
    label: 'Campaigns on Meta, Google Ads, TikTok, LinkedIn, Microsoft, Snapchat and Pinterest',
    included: true,
  },
  { label: 'An account for every client or brand', included: true },
  { label: 'Bookings and budgets', included: true },
];

const whiteLabel = (included: boolean): PlanFeature => ({
  label: included ? 'White-label branding: your name, icon and colours' : 'White-label branding',
  included,
});

const COPY: Record<string, PlanCopy> = {
  trial: {
    tagline: 'Every new organization starts with 7 days of everything.',
    features: (hasWhiteLabel) => [...CORE, whiteLabel(hasWhiteLabel)],
  },
  starter: {
    tagline: 'For teams planning campaigns under the Flightplan brand.',
    features: (hasWhiteLabel) => [...CORE, whiteLabel(hasWhiteLabel)],
  },
  agency: {
    tagline: 'For agencies that show their own brand to clients and staff.',
    features: (hasWhiteLabel) => [...CORE, whiteLabel(hasWhiteLabel)],
  },
};

export function planCopy(code: string, hasWhiteLabel: boolean) {
  const copy = COPY[code] ?? { tagline: '', features: (w: boolean) => [...CORE, whiteLabel(w)] };
  return { tagline: copy.tagline, features: copy.features(hasWhiteLabel) };
}

/** “€49” (whole amounts) or “Free”. */
export function planPrice(monthlyPriceMinor: number): string {
  return monthlyPriceMinor === 0 ? 'Free' : formatMoney(monthlyPriceMinor, PLAN_CURRENCY);
}

/** “5 days left in your trial”, “1 day left in your trial”, “Your trial has expired”. */
export function trialLabel(daysLeft: number): string {
  if (daysLeft <= 0) return 'Your trial has expired';
  return `${daysLeft} ${daysLeft === 1 ? 'day' : 'days'} left in your trial`;
}

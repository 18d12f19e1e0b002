import './support/matchers';
import type { ProgressDetail } from '@machines/campaignProgress';
import { CampaignProgress } from '@src/features/campaigns/CampaignProgress';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(cleanup);

type PlatformStatus = ProgressDetail['platforms'][number]['status'];

function detail(
  status: ProgressDetail['status'],
  meta: PlatformStatus,
  google: PlatformStatus,
): ProgressDetail {
  const platform = (key: string, displayName: string, s: PlatformStatus, externalId: string) => ({
    key,
    displayName,
    status: s,
    externalId: s === 'active' ? externalId : null,
    lastError: s === 'rejected' ? 'Ad copy breaks the policy' : null,
    attempts: 1,
    nextAttemptAt: null,
    updatedAt: null,
  });
  return {
    id: 'c1',
    name: 'Spring Launch',
    status,
    customerId: null,
    objectiveId: 1,
    startDate: '2030-03-01',
    endDate: '2030-03-31',
    budgetMinor: 500_000,
    currency: 'EUR',
    failureReason: google === 'rejected' ? 'Google Ads: Ad copy breaks the policy' : null,
    platforms: [platform('meta', 'Meta', meta, 'meta-1'), platform('google', 'Google Ads', google, 'g-1')],
    updatedAt: '2030-02-01T10:00:00.000Z',
  };
}

const rowOf = (name: string) => screen.getByRole('row', { name: new RegExp(`^${name}`) });

describe('campaign page progress', () => {
  it('shows each platform as it moves from review to active, then stops polling', async () => {
    const answers = [detail('launching', 'in_review', 'in_review'), detail('active', 'active', 'active')];
    const load = vi.fn(async () => (answers.length > 1 ? answers.shift()! : answers[0]!));
    render(<CampaignProgress campaignId="c1" load={load} />);
    expect(await screen.findByText('Updating…')).toBeInTheDocument();
    expect(within(rowOf('Meta')).getByText('In review')).toBeInTheDocument();
    expect(
      await within(rowOf('Google Ads')).findByText('Active', undefined, { timeout: 15_000 }),
    ).toBeInTheDocument();
    expect(within(rowOf('Google Ads')).getByText('g-1')).toBeInTheDocument();
    expect(within(rowOf('Meta')).getByText('meta-1')).toBeInTheDocument();
    expect(screen.queryByText('Updating…')).not.toBeInTheDocument();
    expect(load).toHaveBeenCalledWith('c1');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('shows a rejection with its last error, and a failed load with Try again', async () => {
    const load = vi
      .fn<(id: string) => Promise<ProgressDetail>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValue(detail('failed', 'active', 'rejected'));
    render(<CampaignProgress campaignId="c1" load={load} />);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(/Could not reach the server/)).toBeInTheDocument();
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Rejected')).toBeInTheDocument();
    expect(within(rowOf('Google Ads')).getByText('Ad copy breaks the policy')).toBeInTheDocument();
    expect(screen.getByText('Google Ads: Ad copy breaks the policy')).toBeInTheDocument();
  });
});

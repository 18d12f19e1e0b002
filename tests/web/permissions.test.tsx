import './support/matchers';
import { resetPlatformNames } from '@src/features/campaigns/campaignRows';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { campaign, json, PLATFORMS, SIGNED_IN_USER, stubFetch } from './support/fakeApi';
import { renderApp } from './support/renderApp';

/**
 * Issue 26: the views ask the same policy the server enforces (contract/policy.ts). What a role may not do is
 * not offered in a dense table, and shown disabled with the reason where a person looks for it.
 */

const realFetch = globalThis.fetch;
beforeEach(() => resetPlatformNames());
afterEach(() => {
  globalThis.fetch = realFetch;
});

const DRAFT = campaign({ name: 'Spring Launch', status: 'draft', platforms: ['meta'] });
const ACTIVE = campaign({ name: 'Summer Sale', status: 'active', platforms: ['meta'] });

function serve(role: string) {
  return stubFetch((request) => {
    if (request.path === '/api/auth/user') return json({ ...SIGNED_IN_USER, role });
    if (request.path === '/api/platforms') return json(PLATFORMS, { total: PLATFORMS.length });
    if (request.path === '/api/campaigns') return json([DRAFT, ACTIVE], { total: 2 });
    if (request.path === '/api/events') return json({ success: true });
    return json({ message: 'Not found' }, { status: 404 });
  });
}

describe('the campaigns list by role', () => {
  it('a planner is offered Create, Import and each row’s Launch, Pause and Delete', async () => {
    serve('planner');
    renderApp('/campaigns');
    const row = (await screen.findByRole('link', { name: 'Launch Spring Launch' })).closest('tr')!;
    expect(within(row).getByRole('link', { name: 'Delete Spring Launch' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Pause Summer Sale' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create campaign' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /import/i })).toBeInTheDocument();
  });

  it('an analyst sees the campaigns but no action, and Create disabled with the reason', async () => {
    serve('analyst');
    renderApp('/campaigns');
    await screen.findByRole('link', { name: 'Spring Launch' });
    expect(screen.queryByRole('link', { name: 'Launch Spring Launch' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Pause Summer Sale' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Delete Spring Launch' })).toBeNull();
    const create = screen.getByRole('button', { name: 'Create campaign' });
    expect(create).toBeDisabled();
    expect(create).toHaveAccessibleDescription("Analysts can't change plans");
    expect(create).toHaveAttribute('title', "Analysts can't change plans");
    expect(screen.queryByRole('button', { name: /import/i })).toBeNull();
  });
});

import { CAMPAIGN_PLATFORM_STATUSES } from '@contract/campaigns';
import { CAMPAIGN_STATUSES } from '@contract/reference';
import {
  allowedCampaignActions,
  allowedPlacementActions,
  type CampaignStatus,
  campaignLifecycleMachine,
  editableCampaignFields,
  editRefusalOf,
  nextCampaignStatus,
  nextPlacementStatus,
  placementLifecycleMachine,
  placementRefusalOf,
  refusalOf,
} from '@machines/campaignLifecycle';
import { describe, expect, it } from 'vitest';

const statesOf = (machine: { root: { states: Record<string, unknown> } }) => Object.keys(machine.root.states);

describe('campaign lifecycle chart', () => {
  it('has exactly the statuses the database and the wire allow, plus the final deleted', () => {
    expect(statesOf(campaignLifecycleMachine).sort()).toEqual([...CAMPAIGN_STATUSES, 'deleted'].sort());
    expect(statesOf(placementLifecycleMachine).sort()).toEqual([...CAMPAIGN_PLATFORM_STATUSES].sort());
  });

  it('moves a campaign from plan to platforms and back', () => {
    const walk = (
      from: CampaignStatus,
      ...events: Parameters<typeof nextCampaignStatus>[1][]
    ): (string | null)[] => {
      const seen: (string | null)[] = [];
      let status: string | null = from;
      for (const event of events) {
        status = status && status !== 'deleted' ? nextCampaignStatus(status as CampaignStatus, event) : null;
        seen.push(status);
      }
      return seen;
    };
    expect(
      walk(
        'draft',
        { type: 'launch.request' },
        { type: 'launch.succeeded' },
        { type: 'pause.request' },
        { type: 'pause.succeeded' },
        { type: 'resume.request' },
        { type: 'resume.failed' },
        { type: 'resume.request' },
        { type: 'resume.succeeded' },
        { type: 'schedule.ended' },
        { type: 'delete.request' },
        { type: 'delete.succeeded' },
      ),
    ).toEqual([
      'launching',
      'active',
      'pausing',
      'paused',
      'resuming',
      'paused',
      'resuming',
      'active',
      'completed',
      'deleting',
      'deleted',
    ]);
    expect(walk('launching', { type: 'launch.failed' }, { type: 'launch.request' })).toEqual([
      'failed',
      'launching',
    ]);
    expect(walk('pausing', { type: 'pause.failed' })).toEqual(['active']);
    expect(walk('deleting', { type: 'delete.failed' }, { type: 'launch.request' })).toEqual([
      'failed',
      'launching',
    ]);
  });

  it('refuses what a status does not allow', () => {
    expect(nextCampaignStatus('draft', { type: 'pause.request' })).toBeNull();
    expect(nextCampaignStatus('active', { type: 'launch.request' })).toBeNull();
    expect(nextCampaignStatus('completed', { type: 'resume.request' })).toBeNull();
    expect(nextCampaignStatus('deleting', { type: 'campaign.duplicate' })).toBeNull();
    // A job's late outcome after a delete won changes nothing.
    expect(nextCampaignStatus('deleting', { type: 'launch.succeeded' })).toBeNull();
    // Asking to delete again while deleting is allowed and changes nothing.
    expect(nextCampaignStatus('deleting', { type: 'delete.request' })).toBe('deleting');
  });

  it('offers each status its actions', () => {
    const offered = Object.fromEntries(
      CAMPAIGN_STATUSES.map((status) => [
        status,
        Object.entries(allowedCampaignActions(status))
          .filter(([, allowed]) => allowed)
          .map(([action]) => action),
      ]),
    );
    expect(offered).toEqual({
      draft: ['launch', 'duplicate', 'delete', 'edit'],
      launching: ['duplicate', 'delete'],
      scheduled: ['pause', 'duplicate', 'delete', 'edit'],
      active: ['pause', 'duplicate', 'delete', 'edit'],
      pausing: ['duplicate', 'delete'],
      paused: ['resume', 'duplicate', 'delete', 'edit'],
      resuming: ['duplicate', 'delete'],
      completed: ['duplicate', 'delete', 'edit'],
      failed: ['launch', 'duplicate', 'delete', 'edit'],
      deleting: [],
    });
  });

  it('says which fields may change in each status', () => {
    expect(editableCampaignFields('draft')).toContain('budgetMinor');
    expect(editableCampaignFields('completed')).toEqual(['name', 'customerId']);
    expect(editableCampaignFields('active')).not.toContain('objectiveId');
    expect(editableCampaignFields('launching')).toEqual([]);
    expect(nextCampaignStatus('active', { type: 'campaign.edit', fields: ['name'] })).toBe('active');
    expect(nextCampaignStatus('active', { type: 'campaign.edit', fields: ['name', 'budgetMinor'] })).toBe(
      'active',
    );
    expect(
      nextCampaignStatus('active', { type: 'campaign.edit', fields: ['budgetMinor'], applying: true }),
    ).toBeNull();
    expect(nextCampaignStatus('active', { type: 'campaign.edit', fields: ['currency'] })).toBeNull();
    expect(nextCampaignStatus('failed', { type: 'campaign.edit', fields: ['platforms'] })).toBe('failed');
  });

  it('explains a refusal in words a planner understands', () => {
    expect(refusalOf('active', 'launch')).toEqual({
      errorCode: 'CAMPAIGN_NOT_LAUNCHABLE',
      message: 'Only draft or failed campaigns can be launched. This campaign is active.',
    });
    expect(refusalOf('launching', 'launch')?.errorCode).toBe('CAMPAIGN_ALREADY_LAUNCHING');
    expect(refusalOf('deleting', 'duplicate')).toEqual({
      errorCode: 'CAMPAIGN_BEING_DELETED',
      message: 'This campaign is being deleted, so it cannot be duplicated.',
    });
    expect(refusalOf('pausing', 'resume')).toEqual({
      errorCode: 'CAMPAIGN_BUSY',
      message: 'This campaign is being paused. Try again when that has finished.',
    });
    expect(refusalOf('draft', 'pause')).toEqual({
      errorCode: 'CAMPAIGN_NOT_PAUSABLE',
      message: 'Only active or scheduled campaigns can be paused. This campaign is draft.',
    });
    expect(refusalOf('active', 'resume')?.errorCode).toBe('CAMPAIGN_NOT_RESUMABLE');
    expect(refusalOf('active', 'pause')).toBeNull();
    expect(editRefusalOf('active', ['objectiveId', 'startDate'])).toEqual({
      errorCode: 'CAMPAIGN_FIELD_LOCKED',
      message:
        'This campaign is active, so its objective and start date cannot change; only its name, customer, budget, platforms, end date, flights, audience and ads can.',
    });
    // A live campaign's change (issue 28): its amounts and end date may change, not while one is applied.
    expect(editRefusalOf('active', ['budgetMinor', 'endDate'])).toBeNull();
    expect(editRefusalOf('paused', ['flights'], true)).toEqual({
      errorCode: 'CAMPAIGN_BUSY',
      message: 'Changes are being applied on the ad platforms. Try again when they have arrived.',
    });
    expect(editRefusalOf('completed', ['budgetMinor'])?.message).toBe(
      'This campaign is completed, so its budget cannot change; only its name and customer can. Duplicate it to plan the next one.',
    );
    expect(editRefusalOf('launching', ['name'])?.errorCode).toBe('CAMPAIGN_BUSY');
    expect(editRefusalOf('paused', ['name'])).toBeNull();
  });
});

describe('scheduled, and one platform at a time', () => {
  it('is scheduled when launched before its first flight, and active when the flight starts', () => {
    expect(nextCampaignStatus('launching', { type: 'launch.succeeded', beforeStart: true })).toBe(
      'scheduled',
    );
    expect(nextCampaignStatus('scheduled', { type: 'schedule.started' })).toBe('active');
    expect(nextCampaignStatus('active', { type: 'schedule.started' })).toBeNull();
    expect(nextCampaignStatus('scheduled', { type: 'pause.request' })).toBe('pausing');
    expect(nextCampaignStatus('scheduled', { type: 'delete.request' })).toBe('deleting');
    // A scheduled campaign paused and resumed before its start is scheduled again.
    expect(nextCampaignStatus('pausing', { type: 'pause.failed', beforeStart: true })).toBe('scheduled');
    expect(nextCampaignStatus('resuming', { type: 'resume.succeeded', beforeStart: true })).toBe('scheduled');
    expect(nextPlacementStatus('in_review', { type: 'platform.approved', beforeStart: true })).toBe(
      'scheduled',
    );
    expect(nextPlacementStatus('scheduled', { type: 'schedule.started' })).toBe('active');
    expect(nextPlacementStatus('scheduled', { type: 'platform.paused' })).toBe('paused');
  });

  it('follows its placements: paused when none runs, running while one does', () => {
    expect(nextCampaignStatus('active', { type: 'placement.pause' })).toBe('pausing');
    expect(nextCampaignStatus('pausing', { type: 'pause.succeeded', running: true })).toBe('active');
    expect(nextCampaignStatus('pausing', { type: 'pause.succeeded' })).toBe('paused');
    expect(nextCampaignStatus('paused', { type: 'placement.resume' })).toBe('resuming');
    expect(nextCampaignStatus('resuming', { type: 'resume.failed', running: true })).toBe('active');
    expect(nextCampaignStatus('resuming', { type: 'resume.failed' })).toBe('paused');
    expect(nextCampaignStatus('draft', { type: 'placement.pause' })).toBeNull();
  });

  it("offers a platform's row pause or resume as both charts allow", () => {
    expect(allowedPlacementActions('active', 'active')).toEqual({ pause: true, resume: false });
    expect(allowedPlacementActions('active', 'paused')).toEqual({ pause: false, resume: true });
    expect(allowedPlacementActions('paused', 'paused')).toEqual({ pause: false, resume: true });
    expect(allowedPlacementActions('pausing', 'active')).toEqual({ pause: false, resume: false });
    expect(allowedPlacementActions('active', 'rejected')).toEqual({ pause: false, resume: false });
    expect(placementRefusalOf('active', 'paused', 'pause', 'TikTok')).toEqual({
      errorCode: 'CAMPAIGN_NOT_PAUSABLE',
      message: 'TikTok is already paused.',
    });
    expect(placementRefusalOf('active', 'active', 'resume', 'TikTok')?.message).toBe(
      'TikTok is not paused, so it cannot be resumed.',
    );
    expect(placementRefusalOf('completed', 'active', 'pause', 'TikTok')?.message).toBe(
      'Only active or scheduled campaigns can be paused on one platform. This campaign is completed.',
    );
    expect(placementRefusalOf('resuming', 'paused', 'resume', 'TikTok')?.errorCode).toBe('CAMPAIGN_BUSY');
  });
});

describe('placement lifecycle chart', () => {
  it('follows a platform through review, pause and delete', () => {
    expect(nextPlacementStatus('pending', { type: 'platform.submitted' })).toBe('in_review');
    expect(nextPlacementStatus('in_review', { type: 'platform.approved' })).toBe('active');
    expect(nextPlacementStatus('active', { type: 'platform.paused' })).toBe('paused');
    expect(nextPlacementStatus('paused', { type: 'platform.resumed' })).toBe('active');
    expect(nextPlacementStatus('active', { type: 'delete.request' })).toBe('deleting');
    expect(nextPlacementStatus('deleting', { type: 'platform.deleted' })).toBe('deleted');
  });

  it('relaunches what did not run and keeps what runs', () => {
    const relaunch = (onPlatform: boolean) => ({ type: 'launch.request' as const, onPlatform });
    expect(nextPlacementStatus('active', relaunch(true))).toBe('active');
    expect(nextPlacementStatus('in_review', relaunch(true))).toBe('in_review');
    expect(nextPlacementStatus('rejected', relaunch(true))).toBe('pending');
    expect(nextPlacementStatus('failed', relaunch(true))).toBe('in_review');
    expect(nextPlacementStatus('failed', relaunch(false))).toBe('pending');
    expect(nextPlacementStatus('deleted', relaunch(false))).toBe('pending');
  });

  it('refuses moves no platform makes', () => {
    expect(nextPlacementStatus('pending', { type: 'platform.paused' })).toBeNull();
    expect(nextPlacementStatus('deleted', { type: 'platform.approved' })).toBeNull();
    expect(nextPlacementStatus('rejected', { type: 'platform.resumed' })).toBeNull();
  });
});

import { approvalRecordLines, MediaPlanSchema, type SignOff } from '@contract/exchange';
import { REVISION_STATUSES } from '@contract/revisionStatus';
import type { RevisionSummary } from '@contract/revisions';
import { analyseImport } from '@server/exchange/importAnalysis';
import { insertionOrderPdf } from '@server/exchange/insertionOrder';
import { toMediaPlan } from '@server/exchange/mediaplanExport';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { pdfText } from '../support/pdfText';
import { completePlan } from '../support/planningFixtures';

/**
 * The campaign's sign-off in the exports (issue 27), with hand-made revisions: the MediaPlan document's
 * revision chain and workflow status, its round trip through the import, and the insertion order's
 * approval record.
 */

const PARTIES = {
  createdById: '00000000-0000-4000-8000-0000000000b1',
  createdByName: 'Jana Keller',
  agencyName: 'Hamburg Media Partners',
  customerName: 'Nordlicht Solar GmbH',
  createdAt: new Date('2099-01-10T12:00:00Z'),
  brand: { name: 'Hamburg Media Partners', primaryHex: '#225588' },
};
const plan = completePlan();
const CAMPAIGN = plan.campaign.id;
const JANA = { id: 'u-jana', email: 'jana@hmp.example', name: 'Jana Keller' };
const OLE = { id: 'u-ole', email: 'ole@nordlicht.example', name: 'Ole Hansen' };
const HASH3 = `${'a'.repeat(56)}0123abcd`;
const HASH4 = 'b'.repeat(64);

const revision = (number: number, status: RevisionSummary['status'], more: Partial<RevisionSummary> = {}) =>
  ({
    number,
    status,
    hash: number === 3 ? HASH3 : HASH4,
    createdAt: '2099-01-11T08:00:00Z',
    createdBy: JANA,
    decidedAt: null,
    decidedBy: null,
    decidedName: null,
    decidedMethod: null,
    comment: null,
    approvers: [OLE],
    ...more,
  }) satisfies RevisionSummary;
const APPROVED_3 = revision(3, 'approved', {
  decidedAt: '2099-01-12T14:03:27Z',
  decidedBy: OLE,
  decidedName: 'Ole Hansen',
  decidedMethod: 'PASSKEY',
});
const signOff = (current: RevisionSummary, previous: RevisionSummary | null = null): SignOff => ({
  campaignId: CAMPAIGN,
  current,
  previous,
});
const exported = (s?: SignOff | null) => JSON.parse(JSON.stringify(toMediaPlan(plan, PARTIES, s)));

describe('the export’s revision meta', () => {
  it('without a sign-off: the plan’s version, no revision chain', () => {
    const doc = exported();
    expect(doc.meta.id).toBe(`flightplan-${CAMPAIGN}-v${plan.campaign.version}`);
    expect(doc.meta).not.toHaveProperty('parent_id');
    expect(doc.meta).not.toHaveProperty('custom_properties');
    expect(doc.campaign).not.toHaveProperty('workflow_status_name');
  });

  it.each([
    ['draft', 'Draft', true],
    ['in_review', 'In review', true],
    ['approved', 'Approved', true],
    ['changes_requested', 'Changes requested', true],
    ['superseded', 'Superseded', false],
  ] as const)(
    'revision 4 %s: workflow status “%s”, is_current %s, parent revision 3',
    (status, name, current) => {
      const doc = exported(signOff(revision(4, status), APPROVED_3));
      expect(v.safeParse(MediaPlanSchema, doc).success).toBe(true);
      expect(doc.meta).toMatchObject({
        id: `flightplan-${CAMPAIGN}-r4`,
        parent_id: `flightplan-${CAMPAIGN}-r3`,
        is_current: current,
        schema_version: '3.0',
      });
      expect(doc.campaign).toMatchObject({
        workflow_status_id: `flightplan_${status}`,
        workflow_status_name: name,
      });
      expect(doc.meta.custom_properties.flightplan_revision).toMatchObject({
        number: 4,
        status,
        hash: HASH4,
      });
      expect(doc.meta.custom_properties.flightplan_parent_revision).toEqual({
        number: 3,
        status: 'approved',
        hash: HASH3,
        created_at: '2099-01-11T08:00:00Z',
        created_by_name: 'Jana Keller',
        decided_at: '2099-01-12T14:03:27Z',
        decided_by_name: 'Ole Hansen',
        decided_by_email: 'ole@nordlicht.example',
        typed_name: 'Ole Hansen',
        confirmed_with: 'Passkey',
        approvers: ['Ole Hansen'],
      });
    },
  );

  it('covers every revision status', () => {
    for (const status of REVISION_STATUSES)
      expect(exported(signOff(revision(1, status))).campaign.workflow_status_id).toBe(`flightplan_${status}`);
  });

  it('the first revision has no parent', () => {
    const doc = exported(signOff(APPROVED_3));
    expect(doc.meta.id).toBe(`flightplan-${CAMPAIGN}-r3`);
    expect(doc.meta).not.toHaveProperty('parent_id');
    expect(doc.meta.custom_properties).not.toHaveProperty('flightplan_parent_revision');
  });

  it('round trip: export → import keeps the revision meta as the import’s provenance', () => {
    const doc = v.parse(MediaPlanSchema, exported(signOff(revision(4, 'in_review'), APPROVED_3)));
    const { report, draft } = analyseImport(doc, []);
    expect(draft).not.toBeNull();
    expect(report.source).toEqual({
      id: `flightplan-${CAMPAIGN}-r4`,
      name: plan.campaign.name,
      createdByName: 'Jana Keller',
      createdAt: '2099-01-10T12:00:00.000Z',
      parentId: `flightplan-${CAMPAIGN}-r3`,
      isCurrent: true,
      workflowStatus: 'In review',
      revision: {
        number: 4,
        status: 'in_review',
        hash: HASH4,
        decidedAt: null,
        decidedByName: null,
        typedName: null,
        confirmedWith: null,
      },
      parentRevision: {
        number: 3,
        status: 'approved',
        hash: HASH3,
        decidedAt: '2099-01-12T14:03:27Z',
        decidedByName: 'Ole Hansen',
        typedName: 'Ole Hansen',
        confirmedWith: 'Passkey',
      },
    });
  });
});

describe('the approval record', () => {
  it('names who approved which revision, when, the typed name, the confirmation and the hash', () => {
    expect(approvalRecordLines(signOff(APPROVED_3))).toEqual([
      'Revision 3 approved',
      'Revision 3 approved by Ole Hansen (ole@nordlicht.example) on 2099-01-12 14:03 UTC',
      'Typed name “Ole Hansen”, confirmed with Passkey',
      `Content hash (SHA-256) of revision 3: ${HASH3}`,
    ]);
  });

  it('says when the plan has changed since the approval', () => {
    expect(approvalRecordLines(signOff(revision(4, 'draft'), APPROVED_3))).toEqual([
      'Revision 3 approved · revision 4 in draft',
      'Revision 3 approved by Ole Hansen (ole@nordlicht.example) on 2099-01-12 14:03 UTC',
      'Typed name “Ole Hansen”, confirmed with Passkey',
      `Content hash (SHA-256) of revision 3: ${HASH3}`,
      'The plan has changed since revision 3 was approved (revision 4, draft)',
    ]);
  });

  it('without an approval: what the newest revision waits for, or the changes asked', () => {
    expect(approvalRecordLines(signOff(revision(4, 'in_review')))).toEqual([
      'Revision 4 waiting for approval',
      'Revision 4 is waiting for approval by Ole Hansen since 2099-01-11 08:00 UTC',
      `Content hash (SHA-256) of revision 4: ${HASH4}`,
    ]);
    const asked = revision(4, 'changes_requested', {
      decidedAt: '2099-01-13T09:30:00Z',
      decidedBy: OLE,
      comment: 'Move 500 € from Google to Meta',
    });
    expect(approvalRecordLines(signOff(asked))[1]).toBe(
      'Changes requested on revision 4 by Ole Hansen on 2099-01-13 09:30 UTC: “Move 500 € from Google to Meta”',
    );
    expect(approvalRecordLines(signOff(revision(1, 'draft')))[1]).toBe(
      'Not approved yet: the plan has not been sent for approval',
    );
  });

  it.each([false, true])('is printed on the insertion order (compressed: %s)', async (compress) => {
    const pdf = await insertionOrderPdf(plan, PARTIES, { compress, signOff: signOff(APPROVED_3) });
    const text = pdfText(pdf);
    expect(text).toContain('Approval record');
    for (const line of approvalRecordLines(signOff(APPROVED_3))) expect(text).toContain(line);
  });

  it('is not on an insertion order without a sign-off', async () => {
    const text = pdfText(await insertionOrderPdf(plan, PARTIES, { compress: false }));
    expect(text).toContain('Insertion order');
    expect(text).not.toContain('Approval record');
  });
});

import './support/matchers';
import type { RevisionSummary } from '@contract/revisions';
import { ApprovalRecord } from '@src/ui/exchange/ApprovalRecord';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

const OLE = { id: 'u-ole', email: 'ole@nordlicht.example', name: 'Ole Hansen' };
const revision = (
  number: number,
  status: RevisionSummary['status'],
  more: Partial<RevisionSummary> = {},
) => ({
  number,
  status,
  hash: `${number}`.repeat(64),
  createdAt: '2099-01-11T08:00:00Z',
  createdBy: OLE,
  approvers: [OLE],
  ...more,
});

describe('ApprovalRecord', () => {
  it('shows who approved which revision, when, how they confirmed and the hash', () => {
    render(
      <ApprovalRecord
        campaignId="c1"
        revisions={[
          revision(4, 'draft'),
          revision(3, 'approved', {
            decidedAt: '2099-01-12T14:03:00Z',
            decidedBy: OLE,
            decidedName: 'Ole Hansen',
            decidedMethod: 'AUTHENTICATOR_APP',
          }),
        ]}
      />,
    );
    const record = screen.getByRole('region', { name: 'Approval record' });
    expect(record).toHaveTextContent('Revision 3 approved · revision 4 in draft');
    const items = within(record)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(items).toEqual([
      'Revision 3 approved by Ole Hansen (ole@nordlicht.example) on 2099-01-12 14:03 UTC',
      'Typed name “Ole Hansen”, confirmed with Authenticator app',
      `Content hash (SHA-256) of revision 3: ${'3'.repeat(64)}`,
      'The plan has changed since revision 3 was approved (revision 4, draft)',
    ]);
  });

  it('shows nothing before the first revision', () => {
    const { container } = render(<ApprovalRecord campaignId="c1" revisions={[]} />);
    expect(container).toBeEmptyDOMElement();
  });
});

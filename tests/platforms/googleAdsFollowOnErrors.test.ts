import { withoutFollowOnErrors } from '@server/platforms/googleAds/followOnErrors';
import { describe, expect, it } from 'vitest';

interface Located {
  message: string;
  errorCode?: Record<string, string>;
  location?: { fieldPathElements: { fieldName: string; index?: number }[] };
}

const at = (
  index: number,
  message: string,
  errorCode: Record<string, string> = { fieldError: 'INVALID_VALUE' },
): Located => ({
  message,
  errorCode,
  location: { fieldPathElements: [{ fieldName: 'mutate_operations', index }] },
});
const notFound = (index: number) =>
  at(index, 'The requested resource was not found.', { mutateError: 'RESOURCE_NOT_FOUND' });

const operations = [
  { campaignBudgetOperation: { create: { resourceName: 'customers/1/campaignBudgets/-1' } } },
  {
    campaignOperation: {
      create: { resourceName: 'customers/1/campaigns/-2', campaignBudget: 'customers/1/campaignBudgets/-1' },
    },
  },
  {
    adGroupOperation: {
      create: { resourceName: 'customers/1/adGroups/-3', campaign: 'customers/1/campaigns/-2' },
    },
  },
  { adGroupCriterionOperation: { create: { adGroup: 'customers/1/adGroups/-3', ageRange: { type: 'X' } } } },
  { assetOperation: { create: { resourceName: 'customers/1/assets/-4' } } },
];

describe('Google Ads partial failures: what follows from a refusal', () => {
  it('leaves out every operation down the chain of names the refused one would have created', () => {
    const errors = [
      at(0, 'Budget too low.'),
      notFound(1),
      notFound(2),
      notFound(3),
      at(4, 'The image is not valid.'),
    ];
    expect(withoutFollowOnErrors(errors, operations).map((e) => e.message)).toEqual([
      'Budget too low.',
      'The image is not valid.',
    ]);
  });

  it('keeps refusals of operations that use nothing refused, and errors without an operation', () => {
    const errors: Located[] = [at(3, 'Invalid age range.'), { message: 'Request too large.' }];
    expect(withoutFollowOnErrors(errors, operations)).toEqual(errors);
  });

  it("keeps a dependent operation's own problem: only its 'not found' follows from the refusal", () => {
    const errors = [at(0, 'Too low.'), at(3, 'Invalid user interest.'), notFound(2)];
    expect(withoutFollowOnErrors(errors, operations).map((e) => e.message)).toEqual([
      'Too low.',
      'Invalid user interest.',
    ]);
  });

  it('an operation that uses an existing resource (no temporary name) is its own problem', () => {
    const update = [
      { campaignOperation: { update: { resourceName: 'customers/1/campaigns/7' } } },
      { adGroupOperation: { create: { campaign: 'customers/1/campaigns/7' } } },
    ];
    const errors = [at(0, 'Cannot modify a removed campaign.'), at(1, 'Invalid ad group name.')];
    expect(withoutFollowOnErrors(errors, update)).toEqual(errors);
  });
});

import type { ReportResponse, ReportResponseSchema } from '@contract/reports';
import type * as v from 'valibot';
import { describe, expectTypeOf, it } from 'vitest';

/**
 * A schema added to the contract for the OpenAPI document describes exactly the TypeScript type the code
 * uses: `npx tsc -p .` fails here when one of the two changes without the other.
 */
describe('the contract schemas added for the document', () => {
  it('ReportResponseSchema is ReportResponse', () => {
    expectTypeOf<v.InferOutput<typeof ReportResponseSchema>>().toEqualTypeOf<ReportResponse>();
  });
});

import { type SecurityNotice, SecurityNoticeListSchema } from '@contract/securityNotices';
import { SuccessSchema } from '@contract/shell';
import { requestJson } from './http';

/**
 * “A sign-in method was added” notices (issue 11): what this session has not dismissed yet, and dismissing
 * them here (the user's other sessions keep showing theirs).
 */
export const securityNoticesApi = {
  /** GET /api/security/notices, newest first. */
  list: async (): Promise<SecurityNotice[]> =>
    (await requestJson('GET', 'api/security/notices', SecurityNoticeListSchema)).notices,
  /** POST /api/security/notices/dismiss. */
  dismiss: async (ids: string[]): Promise<void> => {
    await requestJson('POST', 'api/security/notices/dismiss', SuccessSchema, { json: { ids } });
  },
};

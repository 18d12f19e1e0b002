import { isAuthPath, isExemptPath } from '@machines/session/session.routes';
import { describe, expect, it } from 'vitest';

describe('the invitation page and the session', () => {
  it('is open to signed-out visitors, and is not a sign-in page (the session is consulted there)', () => {
    expect(isExemptPath('/auth/invitation/abc123')).toBe(true);
    expect(isExemptPath('/auth/invitationx')).toBe(false);
    expect(isAuthPath('/auth/invitation/abc123')).toBe(false);
  });
});

import { TOKEN_LIFETIME_MS } from '@machines/delays';
import { tokenLifetimeMs } from '@src/features/challenge/stepUp';
import { describe, expect, it } from 'vitest';

const jwt = (claims: Record<string, unknown>) =>
  `e30.${btoa(JSON.stringify(claims)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')}.sig`;

describe('tokenLifetimeMs (how long the challenge dialog stays open)', () => {
  const issuedAt = 1_900_000_000;

  it('is exp - iat, whatever this device’s clock says', () => {
    const token = jwt({ iat: issuedAt, exp: issuedAt + 600 });
    expect(tokenLifetimeMs(token, issuedAt * 1000)).toBe(600_000);
    // A device clock 11 minutes fast (or slow) still gets the full 10 minutes.
    expect(tokenLifetimeMs(token, (issuedAt + 660) * 1000)).toBe(600_000);
    expect(tokenLifetimeMs(token, (issuedAt - 660) * 1000)).toBe(600_000);
  });

  it('without iat, counts down to exp on this device’s clock (never below zero)', () => {
    const token = jwt({ exp: issuedAt + 600 });
    expect(tokenLifetimeMs(token, (issuedAt + 60) * 1000)).toBe(540_000);
    expect(tokenLifetimeMs(token, (issuedAt + 900) * 1000)).toBe(0);
  });

  it('falls back to the provider’s lifetime for a token without exp or that is not a JWT', () => {
    expect(tokenLifetimeMs(jwt({ iat: issuedAt }))).toBe(TOKEN_LIFETIME_MS);
    expect(tokenLifetimeMs('opaque-token')).toBe(TOKEN_LIFETIME_MS);
    expect(tokenLifetimeMs('a.%%%.c')).toBe(TOKEN_LIFETIME_MS);
  });
});

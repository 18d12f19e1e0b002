import { createHash } from 'node:crypto';

export interface SandboxAdAccount {
  id: string;
  name: string;
}

const NAMES = ['Main account', 'Brand campaigns', 'Performance'];

/**
 * The ad accounts a person manages on a sandbox platform: one to three, the same every time for the same
 * person and platform, as a real platform lists the accounts a login may grant access to.
 */
export function sandboxAdAccounts(platformKey: string, userId: string): SandboxAdAccount[] {
  const digest = createHash('sha256').update(`${platformKey}:${userId}`).digest('hex');
  const count = 1 + (Number.parseInt(digest.slice(0, 2), 16) % 3);
  return Array.from({ length: count }, (_, i) => ({
    id: `${platformKey}-act-${digest.slice(2 + i * 8, 10 + i * 8)}-${i}`,
    name: NAMES[i]!,
  }));
}

/** The name of a sandbox ad account from its id (the index it was listed at). */
export function sandboxAdAccountName(id: string): string {
  return NAMES[Number(id.slice(-1))] ?? id;
}

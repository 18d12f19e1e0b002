import { createHash } from 'node:crypto';
import { sandboxAdAccountName } from '../oauth/accounts';

/**
 * The Google Ads customers a sandbox grant reaches. The ad account chosen on the sandbox consent page is an
 * agency's manager account (MCC) with one to three client accounts below it; their 10-digit customer ids
 * are derived from the sandbox ad account id, so they are the same at every connect.
 */
export interface SandboxGoogleCustomer {
  id: string;
  descriptiveName: string;
  currencyCode: string;
  timeZone: string;
  manager: boolean;
}

const CLIENT_NAMES = ['Retail client', 'Travel client', 'Software client'];

const tenDigits = (seed: string) => {
  const digest = createHash('sha256').update(seed).digest();
  // 1000000000 … 9999999999: a customer id never starts with 0.
  return String(1_000_000_000 + (digest.readUIntBE(0, 6) % 9_000_000_000));
};

export interface SandboxGoogleHierarchy {
  manager: SandboxGoogleCustomer;
  clients: SandboxGoogleCustomer[];
}

export function sandboxGoogleHierarchy(adAccountId: string): SandboxGoogleHierarchy {
  const count = 1 + (createHash('sha256').update(`clients:${adAccountId}`).digest()[0]! % 3);
  const base = { currencyCode: 'EUR', timeZone: 'Etc/GMT' };
  return {
    manager: {
      id: tenDigits(`manager:${adAccountId}`),
      descriptiveName: `${sandboxAdAccountName(adAccountId)} (manager)`,
      manager: true,
      ...base,
    },
    clients: Array.from({ length: count }, (_, i) => ({
      id: tenDigits(`client:${i}:${adAccountId}`),
      descriptiveName: CLIENT_NAMES[i]!,
      manager: false,
      ...base,
    })),
  };
}

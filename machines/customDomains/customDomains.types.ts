import type { OrganizationDomain } from '@contract/whiteLabel';

/**
 * Types of the “Custom domains” card on the white-label settings page (`customDomains`): the organization's
 * own domains, whose sign-in page (`https://<domain>/auth/login`) shows its brand.
 */

export type { OrganizationDomain };

export interface CustomDomainsInput {
  organizationId: string;
  /** The member's role may manage white-label settings (`whiteLabel.manage`). */
  canManage: boolean;
  /** Why not, as the policy says it; null when allowed. */
  manageRefusal: string | null;
  /** The organization's plan includes white-labelling. */
  hasFeature: boolean;
}

export interface CustomDomainsContext extends CustomDomainsInput {
  domains: OrganizationDomain[];
  /** What is typed in the “Domain” field. */
  draft: string;
  /** The message under the field (the contract's rule, or the server's `validationErrors.domain`). */
  domainError: string | null;
  /** A refusal naming no field, or no answer (adding or removing). */
  error: string | null;
  /** “ads.agency.example added. …” / “ads.agency.example removed.” until dismissed or the next action. */
  notice: string | null;
  /** The domain whose removal is being confirmed or is on its way. */
  pending: string | null;
  loadError: string | null;
}

export interface DomainRequestInput {
  organizationId: string;
  domain: string;
}

export type CustomDomainsEvent =
  | { type: 'domain.change'; value: string }
  /** “Add domain”. */
  | { type: 'domain.add' }
  /** “Remove” beside a domain: asks to confirm. */
  | { type: 'domain.remove'; domain: string }
  | { type: 'removal.confirm' }
  | { type: 'removal.cancel' }
  | { type: 'notice.dismiss' }
  | { type: 'retry' };

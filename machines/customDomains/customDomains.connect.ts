import type { SnapshotFrom } from 'xstate';
import { type CustomDomainsMachine, signInUrlOf } from './customDomains.machine';
import type { CustomDomainsEvent } from './customDomains.types';

export type CustomDomainsSnapshot = SnapshotFrom<CustomDomainsMachine>;

export const UPGRADE_REASON =
  'Your plan does not include white-label branding. Upgrade to add custom domains.';

export interface CustomDomainRow {
  domain: string;
  createdAt: string;
  /** `https://<domain>/auth/login`: the sign-in page with the organization's brand. */
  signInUrl: string;
  isRemoving: boolean;
  /** “Remove” is shown enabled. */
  canRemove: boolean;
}

/** Everything the “Custom domains” card shows, commands included. */
export interface CustomDomainsView {
  isLoading: boolean;
  loadError: string | null;
  domains: CustomDomainRow[];
  draft: string;
  domainError: string | null;
  /** A refusal naming no field, or no answer. */
  error: string | null;
  notice: string | null;
  /** Why the add form is disabled (the role's refusal, or the plan); null when it is not. */
  disabledReason: string | null;
  /** The field and the button are disabled. */
  isFormDisabled: boolean;
  isAdding: boolean;
  addLabel: 'Add domain' | 'Adding…';
  /** The domain whose removal asks for confirmation; null otherwise. */
  confirming: string | null;
  changeDomain: (value: string) => void;
  add: () => void;
  remove: (domain: string) => void;
  confirm: () => void;
  cancel: () => void;
  retry: () => void;
  dismiss: () => void;
}

export function connectCustomDomains(
  snapshot: CustomDomainsSnapshot,
  send: (event: CustomDomainsEvent) => void,
): CustomDomainsView {
  const { context } = snapshot;
  const isReady = snapshot.matches('ready');
  const isAdding = snapshot.matches('adding');
  const isRemoving = snapshot.matches('removing');
  const disabledReason = !context.canManage
    ? (context.manageRefusal ?? 'Only owners and admins can manage custom domains.')
    : !context.hasFeature
      ? UPGRADE_REASON
      : null;
  return {
    changeDomain: (value) => send({ type: 'domain.change', value }),
    add: () => send({ type: 'domain.add' }),
    remove: (domain) => send({ type: 'domain.remove', domain }),
    confirm: () => send({ type: 'removal.confirm' }),
    cancel: () => send({ type: 'removal.cancel' }),
    retry: () => send({ type: 'retry' }),
    dismiss: () => send({ type: 'notice.dismiss' }),
    isLoading: snapshot.matches('loading'),
    loadError: snapshot.matches('loadFailed') ? context.loadError : null,
    domains: context.domains.map((d) => ({
      domain: d.domain,
      createdAt: d.createdAt,
      signInUrl: signInUrlOf(d.domain),
      isRemoving: isRemoving && context.pending === d.domain,
      canRemove: isReady && context.canManage,
    })),
    draft: context.draft,
    domainError: context.domainError,
    error: context.error,
    notice: context.notice,
    disabledReason,
    isFormDisabled: disabledReason !== null || !isReady,
    isAdding,
    addLabel: isAdding ? 'Adding…' : 'Add domain',
    confirming: snapshot.matches('confirmingRemoval') ? context.pending : null,
  };
}

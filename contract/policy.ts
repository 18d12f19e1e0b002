import * as v from 'valibot';

/**
 * Who may do what (issue 26): one pure policy, role × action with the account grant, used by the server on
 * every route (each route declares its action: server/http/policy.ts) and by the browser to hide or disable
 * what the role may not do, saying why. Expectations in tests are written out independently of this table
 * (tests/policy/), so a slip here fails them.
 */

export const ROLES = ['owner', 'admin', 'planner', 'analyst', 'client'] as const;
export type Role = (typeof ROLES)[number];
export const RoleSchema = v.picklist(ROLES, 'Choose a role: owner, admin, planner, analyst or client');

export const ROLE_LABELS: Readonly<Record<Role, string>> = {
  owner: 'Owner',
  admin: 'Admin',
  planner: 'Planner',
  analyst: 'Analyst',
  client: 'Client',
};

/** What each role is for, shown beside the role picker when inviting or changing a member. */
export const ROLE_DESCRIPTIONS: Readonly<Record<Role, string>> = {
  owner: 'Everything, including billing, branding, members and single sign-on.',
  admin: 'Everything but billing and ownership.',
  planner: 'Customers, budgets and plans; launches and changes campaigns; connects platforms.',
  analyst: 'Reads everything in their accounts, changes nothing.',
  client:
    'Their accounts only: dashboard, campaigns and plans to read, bookings, budgets, reports and exports.',
};

const ROLE_PLURALS: Readonly<Record<Role, string>> = {
  owner: 'Owners',
  admin: 'Admins',
  planner: 'Planners',
  analyst: 'Analysts',
  client: 'Clients',
};

/** Owner and admin work in every account; the others may be limited to named accounts. */
export const ROLES_WITH_EVERY_ACCOUNT: readonly Role[] = ['owner', 'admin'];

const EVERYONE: readonly Role[] = ROLES;
const STAFF: readonly Role[] = ['owner', 'admin', 'planner', 'analyst'];
const PLANNERS: readonly Role[] = ['owner', 'admin', 'planner'];
const ADMINS: readonly Role[] = ['owner', 'admin'];
/** Who may sign off a plan: everyone but analysts, who change nothing. */
const SIGNERS: readonly Role[] = ['owner', 'admin', 'planner', 'client'];
const OWNERS: readonly Role[] = ['owner'];

/**
 * Every action a route may declare inside an organization: who may take it, and the phrase that completes
 * "<Role plural> can't …" when a role may not.
 */
export const ACTIONS = {
  'organization.read': { roles: EVERYONE, phrase: 'see this organization' },
  'organization.manage': { roles: ADMINS, phrase: 'change the organization or its accounts' },
  'members.read': { roles: PLANNERS, phrase: 'see the team' },
  'members.manage': { roles: ADMINS, phrase: 'invite or change members' },
  'billing.read': { roles: ADMINS, phrase: 'see billing' },
  'billing.manage': { roles: OWNERS, phrase: 'change the plan' },
  'whiteLabel.manage': { roles: ADMINS, phrase: 'change the branding' },
  'sso.manage': { roles: ADMINS, phrase: 'set up single sign-on' },
  'customers.read': { roles: EVERYONE, phrase: 'see customers' },
  'customers.edit': { roles: PLANNERS, phrase: 'change customers' },
  'campaigns.read': { roles: EVERYONE, phrase: 'see campaigns' },
  'campaigns.plan': { roles: PLANNERS, phrase: 'change plans' },
  'campaigns.launch': { roles: PLANNERS, phrase: 'launch campaigns' },
  'campaigns.pause': { roles: PLANNERS, phrase: 'pause or resume campaigns' },
  'campaigns.delete': { roles: PLANNERS, phrase: 'delete campaigns' },
  'bookings.read': { roles: EVERYONE, phrase: 'see bookings' },
  'bookings.edit': { roles: PLANNERS, phrase: 'change bookings' },
  'budgets.read': { roles: EVERYONE, phrase: 'see budgets' },
  'budgets.edit': { roles: PLANNERS, phrase: 'change budgets' },
  'assets.read': { roles: EVERYONE, phrase: 'see creative' },
  'assets.upload': { roles: PLANNERS, phrase: 'upload or change creative' },
  'reports.read': { roles: EVERYONE, phrase: 'see reports' },
  'reports.export': { roles: EVERYONE, phrase: 'export reports' },
  'platforms.read': { roles: STAFF, phrase: 'see platform connections' },
  'platforms.connect': { roles: PLANNERS, phrase: 'connect or disconnect ad platforms' },
  'delivery.read': { roles: EVERYONE, phrase: 'see delivery' },
  'delivery.sync': { roles: PLANNERS, phrase: 'sync delivery' },
  // Issue 28: the account's pacing alert thresholds.
  'pacing.manage': { roles: PLANNERS, phrase: 'change pacing alerts' },
  'exchange.import': { roles: PLANNERS, phrase: 'import media plans' },
  'exchange.export': { roles: EVERYONE, phrase: 'export media plans' },
  // Issue 27: sign-off and the change log.
  'revisions.submit': { roles: PLANNERS, phrase: 'send plans for approval' },
  /** Approving or asking for changes; the server also checks the member was asked to approve that revision. */
  'revisions.decide': { roles: SIGNERS, phrase: 'approve plans' },
  'activity.read': { roles: STAFF, phrase: 'see the change log' },
} as const satisfies Record<string, { roles: readonly Role[]; phrase: string }>;

export type Action = keyof typeof ACTIONS;
export const ACTION_NAMES = Object.keys(ACTIONS) as Action[];

/**
 * What a route declares: an action of the table, or one of two outside any organization — `public` (no
 * session needed: sign-in, sign-up, health) and `signedIn` (the user's own things: profile, security,
 * organizations they belong to, onboarding).
 */
export type RouteAccess = Action | 'public' | 'signedIn';

/** A member as the policy sees them: their role and the accounts they may work in (null: every account). */
export interface Member {
  role: Role;
  accountIds: readonly string[] | null;
}

export function can(role: Role, action: Action): boolean {
  return (ACTIONS[action].roles as readonly Role[]).includes(role);
}

/** The 403's message when the role may not: "Analysts can't launch campaigns". */
export function refusal(role: Role, action: Action): string {
  return `${ROLE_PLURALS[role]} can't ${ACTIONS[action].phrase}`;
}

/** Whether the member may work in the account at all (the caller checks it belongs to their organization). */
export function canSeeAccount(member: Member, accountId: string): boolean {
  if (ROLES_WITH_EVERY_ACCOUNT.includes(member.role)) return true;
  return member.accountIds === null || member.accountIds.includes(accountId);
}

/** The accounts a role keeps: owner and admin always every one; the others as granted (null: every one). */
export function grantFor(
  role: Role,
  accountIds: readonly string[] | null | undefined,
): readonly string[] | null {
  if (ROLES_WITH_EVERY_ACCOUNT.includes(role)) return null;
  return accountIds ?? null;
}

/**
 * Who may hand out or take away a role: only an owner makes or unmakes owners (ownership is the owner's to
 * transfer); admins manage everyone else.
 */
export function canAssignRole(actor: Role, from: Role | null, to: Role): boolean {
  if (!can(actor, 'members.manage')) return false;
  if (actor === 'owner') return true;
  return from !== 'owner' && to !== 'owner';
}

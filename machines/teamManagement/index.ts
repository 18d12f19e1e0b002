export {
  type ActivityRow,
  ALL_ACCOUNTS,
  type ConfirmDialog,
  connectTeamManagement,
  type InvitationRow,
  type MemberDialog,
  type MemberRow,
  type RoleOption,
  type TeamManagementSnapshot,
  type TeamManagementView,
  type TeamPhase,
} from './teamManagement.connect';
export { type TeamManagementMachine, teamManagementMachine } from './teamManagement.machine';
export {
  accountsOf,
  assignableRoles,
  choosesAccounts,
  invitationErrors,
  invitationRequestOf,
  memberErrors,
  memberUpdateOf,
  OWNER_ONLY_MESSAGE,
} from './teamManagement.rules';
export * from './teamManagement.types';

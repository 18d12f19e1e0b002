import { AccountSchema, CurrentUserSchema, OrganizationSchema } from '@contract/auth';
import { BillingStateSchema } from '@contract/billing';
import { CampaignDetailSchema, CampaignPlatformStateSchema } from '@contract/campaigns';
import { PlatformConnectionSchema } from '@contract/connections';
import { AssetSchema, CreativeSpecsSchema } from '@contract/creative';
import { ApiErrorSchema } from '@contract/errors';
import { ImportReportSchema, MediaPlanSchema } from '@contract/exchange';
import { PacingSchema } from '@contract/pacing';
import {
  AudienceEstimateSchema,
  InterestSchema,
  PlanSchema,
  PlatformRulesSchema,
  PreflightCheckSchema,
} from '@contract/planning';
import { UserAuthenticatorSchema } from '@contract/provider';
import { ReportResponseSchema } from '@contract/reports';
import {
  BookingSchema,
  BudgetSchema,
  CampaignSchema,
  CustomerSchema,
  ObjectiveSchema,
  PlatformSchema,
} from '@contract/resources';
import { SecurityEventSchema } from '@contract/securityActivity';
import { SecurityNoticeSchema } from '@contract/securityNotices';
import { ProviderAppearanceSchema } from '@contract/stepUp';
import type { Schema } from './operation';

/**
 * The schemas the document names (`components.schemas`): the records and answers that several operations
 * share or that an integrator will want a type for. Wherever the same contract schema object appears
 * inside an answer, the document refers to it by name instead of repeating it.
 */
export const COMPONENTS: Record<string, Schema> = {
  ErrorResponse: ApiErrorSchema,
  CurrentUser: CurrentUserSchema,
  Organization: OrganizationSchema,
  Account: AccountSchema,
  Customer: CustomerSchema,
  Campaign: CampaignSchema,
  Booking: BookingSchema,
  Budget: BudgetSchema,
  Objective: ObjectiveSchema,
  Platform: PlatformSchema,
  CampaignDetail: CampaignDetailSchema,
  CampaignPlatformState: CampaignPlatformStateSchema,
  Plan: PlanSchema,
  PlatformRules: PlatformRulesSchema,
  CreativeSpecs: CreativeSpecsSchema,
  Interest: InterestSchema,
  AudienceEstimate: AudienceEstimateSchema,
  PreflightCheck: PreflightCheckSchema,
  Asset: AssetSchema,
  MediaPlan: MediaPlanSchema,
  ImportReport: ImportReportSchema,
  Pacing: PacingSchema,
  ReportResponse: ReportResponseSchema,
  BillingState: BillingStateSchema,
  PlatformConnection: PlatformConnectionSchema,
  UserAuthenticator: UserAuthenticatorSchema,
  ProviderAppearance: ProviderAppearanceSchema,
  SecurityEvent: SecurityEventSchema,
  SecurityNotice: SecurityNoticeSchema,
};

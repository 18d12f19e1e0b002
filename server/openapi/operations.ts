import type { OperationSpec } from './operation';
import { activityOperations } from './paths/activity';
import { assetOperations } from './paths/assets';
import { authOperations } from './paths/auth';
import { campaignOperations } from './paths/campaigns';
import { chartOperations } from './paths/charts';
import { dataOperations } from './paths/data';
import { exchangeOperations } from './paths/exchange';
import { notificationOperations } from './paths/notifications';
import { openApiOperations } from './paths/openapi';
import { pacingOperations } from './paths/pacing';
import { planningOperations } from './paths/planning';
import { platformOperations, sandboxOperations } from './paths/platforms';
import { reportOperations } from './paths/reports';
import { revisionOperations } from './paths/revisions';
import { securityOperations } from './paths/security';
import { settingsOperations } from './paths/settings';
import { ssoOperations } from './paths/sso';
import { teamOperations } from './paths/team';

export interface OperationOptions {
  /** The sandbox platforms' clock is served (never in production): document it too. */
  sandboxControl: boolean;
}

/** Every documented operation, area by area: a new route is added to its area's file in paths/. */
export function allOperations({ sandboxControl }: OperationOptions): OperationSpec[] {
  return [
    ...authOperations,
    ...settingsOperations,
    ...campaignOperations,
    ...planningOperations,
    ...pacingOperations,
    ...assetOperations,
    ...exchangeOperations,
    ...reportOperations,
    ...activityOperations,
    ...platformOperations,
    ...(sandboxControl ? sandboxOperations : []),
    ...securityOperations,
    ...teamOperations,
    ...revisionOperations,
    ...notificationOperations,
    ...ssoOperations,
    ...chartOperations,
    ...openApiOperations,
    ...dataOperations(),
  ];
}

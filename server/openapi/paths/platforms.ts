import {
  AdAccountChoiceSchema,
  ChooseAdAccountBodySchema,
  ChooseAdAccountResultSchema,
  ConnectBodySchema,
  ConnectResponseSchema,
  DisconnectResultSchema,
  PlatformConnectionsSchema,
} from '@contract/connections';
import { SandboxClockBodySchema, SandboxClockSchema, SyncQueuedSchema } from '@contract/delivery';
import * as v from 'valibot';
import {
  JSON_BODY,
  json,
  NO_ACCOUNT,
  type OperationSpec,
  problem,
  STEP_UP,
  UNAUTHENTICATED,
} from '../operation';
import { stepUpHeader } from './campaigns';

const tags = ['Platforms'];
const platformParam = v.object({
  key: v.pipe(v.string(), v.description('The platform key (meta, google, …)')),
});
const noPlatform = { 404: problem('No such platform') };

/** The account's ad-platform connections and delivery syncs (server/connections, server/delivery). */
export const platformOperations: OperationSpec[] = [
  {
    method: 'get',
    path: '/api/platforms/connections',
    summary: "The account's connection to every ad platform",
    tags,
    responses: {
      200: json('One entry per platform (never a token)', PlatformConnectionsSchema),
      ...NO_ACCOUNT,
    },
  },
  {
    method: 'post',
    path: '/api/platforms/{key}/connect',
    summary: 'Start connecting a platform: the URL of its consent page',
    description:
      'Send the browser there; the platform returns it to `returnTo` with `connected` or `connectError`.',
    tags,
    pathParams: platformParam,
    body: { json: ConnectBodySchema },
    responses: {
      200: json('The authorization URL (OAuth 2.0 code flow with PKCE)', ConnectResponseSchema),
      ...NO_ACCOUNT,
      ...JSON_BODY,
      ...noPlatform,
    },
  },
  {
    method: 'get',
    path: '/api/platforms/{key}/ad-account-choices/{choiceId}',
    summary: 'The ad accounts a grant reaches, for the planner to choose one',
    description:
      'When the platform’s grant reaches several ad accounts, the callback returns to `returnTo` with ' +
      '`chooseAdAccount=<choiceId>&platform=<key>`. Only the person who connected, in that account, within 10 minutes.',
    tags,
    pathParams: v.object({
      ...platformParam.entries,
      choiceId: v.pipe(v.string(), v.description('From the return URL')),
    }),
    responses: {
      200: json('The ad accounts, each with its currency and manager account', AdAccountChoiceSchema),
      ...NO_ACCOUNT,
      404: problem('No such platform, or the choice expired, was used, or is not yours'),
    },
  },
  {
    method: 'post',
    path: '/api/platforms/{key}/ad-account-choices/{choiceId}',
    summary: 'Connect the ad account chosen',
    tags,
    pathParams: v.object({
      ...platformParam.entries,
      choiceId: v.pipe(v.string(), v.description('From the return URL')),
    }),
    body: { json: ChooseAdAccountBodySchema },
    responses: {
      200: json('Connected; `returnTo` is where the Connect started', ChooseAdAccountResultSchema),
      ...NO_ACCOUNT,
      ...JSON_BODY,
      404: problem('No such platform, or the choice expired, was used, or is not yours'),
    },
  },
  {
    method: 'delete',
    path: '/api/platforms/{key}/connection',
    summary: 'Disconnect a platform (its tokens are revoked); a risky action, confirmed by the step-up',
    tags,
    pathParams: platformParam,
    headers: stepUpHeader,
    responses: {
      200: json('Disconnected', DisconnectResultSchema),
      ...NO_ACCOUNT,
      ...STEP_UP,
      404: problem('No such platform, or not connected'),
      409: problem('The platform runs campaigns of the account (`businessError`)'),
    },
  },
  {
    method: 'post',
    path: '/api/platforms/{key}/sync',
    summary: "Sync the platform's delivery now",
    tags,
    pathParams: platformParam,
    responses: {
      202: json('Queued', SyncQueuedSchema),
      ...NO_ACCOUNT,
      ...noPlatform,
      409: problem('Not connected, or the connection needs reconnecting'),
      429: problem('Synced less than a minute ago (`errorCode` SYNC_TOO_SOON)', {
        'Retry-After': 'Seconds to wait',
      }),
    },
  },
];

/** Only with the sandbox platforms (never in production): their clock, for demos and browser tests. */
export const sandboxOperations: OperationSpec[] = [
  {
    method: 'get',
    path: '/api/sandbox/clock',
    summary: "The sandbox platforms' today (not in production)",
    tags: ['Sandbox'],
    responses: { 200: json('Today', SandboxClockSchema), ...UNAUTHENTICATED },
  },
  {
    method: 'post',
    path: '/api/sandbox/clock',
    summary: "Move the sandbox platforms' clock ahead (not in production)",
    tags: ['Sandbox'],
    body: { json: SandboxClockBodySchema },
    responses: { 200: json('The new today', SandboxClockSchema), ...UNAUTHENTICATED, ...JSON_BODY },
  },
  {
    method: 'delete',
    path: '/api/sandbox/clock',
    summary: "Put the sandbox platforms' clock back on the real day (not in production)",
    tags: ['Sandbox'],
    responses: { 200: json('Today', SandboxClockSchema), ...UNAUTHENTICATED },
  },
];

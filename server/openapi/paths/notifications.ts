import {
  NotificationListSchema,
  NotificationPreferencesSchema,
  NotificationPreferenceUpdateSchema,
  NotificationSchema,
  PacingDigestSchema,
} from '@contract/notifications';
import * as v from 'valibot';
import { JSON_BODY, json, type OperationSpec, problem, UNAUTHENTICATED } from '../operation';

const tags = ['Notifications'];

/** The signed-in member's inbox (server/notifications/routes.ts, docs/notifications.md). */
export const notificationOperations: OperationSpec[] = [
  {
    method: 'get',
    path: '/api/notifications',
    summary: "The member's notifications in the current organization, newest first",
    description: 'Paged with `_start`/`_end` (20 by default, at most 100); `unreadCount` counts them all.',
    tags,
    query: v.object({
      _start: v.optional(v.pipe(v.string(), v.description('First row (0)'))),
      _end: v.optional(v.pipe(v.string(), v.description('After the last row'))),
    }),
    responses: {
      200: json('The notifications', NotificationListSchema),
      400: problem('A page that is not whole numbers, or more than 100 rows'),
      ...UNAUTHENTICATED,
    },
  },
  {
    method: 'post',
    path: '/api/notifications/{id}/read',
    summary: 'Mark a notification read',
    tags,
    pathParams: v.object({ id: v.pipe(v.string(), v.description("The notification's id")) }),
    responses: {
      200: json('The notification, read', NotificationSchema),
      ...UNAUTHENTICATED,
      404: problem("No such notification of this member (another member's answers the same)"),
    },
  },
  {
    method: 'post',
    path: '/api/notifications/read-all',
    summary: "Mark all the member's notifications in the organization read",
    tags,
    responses: { 200: json('Done', v.object({ success: v.literal(true) })), ...UNAUTHENTICATED },
  },
  {
    method: 'get',
    path: '/api/notifications/preferences',
    summary: 'Which kinds of notification also come by e-mail',
    tags,
    responses: { 200: json('Per kind', NotificationPreferencesSchema), ...UNAUTHENTICATED },
  },
  {
    method: 'put',
    path: '/api/notifications/preferences',
    summary: 'Turn e-mail for one kind of notification on or off',
    tags,
    body: { json: NotificationPreferenceUpdateSchema },
    responses: { 200: json('Per kind', NotificationPreferencesSchema), ...JSON_BODY, ...UNAUTHENTICATED },
  },
  {
    method: 'get',
    path: '/api/notifications/digest',
    summary: 'Whether the member gets the daily pacing digest e-mail',
    tags,
    responses: { 200: json('The choice', PacingDigestSchema), ...UNAUTHENTICATED },
  },
  {
    method: 'put',
    path: '/api/notifications/digest',
    summary: 'Turn the daily pacing digest e-mail on or off',
    description:
      'One e-mail each morning (07:00 UTC) listing the flights off pace in the accounts the member works in; ' +
      'none on a day nothing is off pace.',
    tags,
    body: { json: PacingDigestSchema },
    responses: { 200: json('The choice', PacingDigestSchema), ...JSON_BODY, ...UNAUTHENTICATED },
  },
];

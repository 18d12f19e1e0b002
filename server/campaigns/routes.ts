import { Hono } from 'hono';
import type { AppEnv } from '../auth/sessions';

/** Spec section 7's product calls: /data/campaigns/*, /data/customers/*, /planning/wizard/*. */
export const campaignRoutes = new Hono<AppEnv>();

import { randomUUID } from 'node:crypto';
import {
  AuthenticationResultSchema,
  type OutboxMessage,
  ProviderErrorSchema,
  type TokenScope,
} from '@contract/provider';
import { createApp } from '@server/app';
import type { Database } from '@server/db/connect';
import { providerTenants } from '@server/db/schema';
import { createStepUp, readProviderConfig } from '@server/provider';
import { builtInStepUpProvider } from '@server/provider/adapter';
import { issueToken } from '@server/provider/tokens';
import { sql } from 'drizzle-orm';
import * as v from 'valibot';
import { TEST_CONFIG, TestClient, testDeps } from '../support/http';

export const BASE = '/provider/v1';
export const TENANT = 'flightplan-local';
export const OTHER_TENANT = 'other-tenant';

export type Auth = { token: string } | { basic: string } | { header: string } | null;

export function authHeader(auth: Auth): Record<string, string> {
  if (!auth) return {};
  if ('token' in auth) return { authorization: `Bearer ${auth.token}` };
  if ('basic' in auth) return { authorization: `Basic ${Buffer.from(`${auth.basic}:`).toString('base64')}` };
  return { authorization: auth.header };
}

/** The app (with the built-in provider on `db`) and helpers to call the provider as the client library would. */
export async function providerHarness(db: Database) {
  const config = { ...readProviderConfig({}), publicOrigin: undefined };
  const stepUp = createStepUp(db, config, { factory: builtInStepUpProvider });
  const app = createApp({ ...testDeps(db), config: { ...TEST_CONFIG, provider: config }, stepUp });
  const client = new TestClient(app);
  await stepUp.service.ensureTenant();
  await db.insert(providerTenants).values({ id: OTHER_TENANT, name: 'Other' }).onConflictDoNothing();

  const call = async <T = any>(method: 'GET' | 'POST', path: string, auth: Auth, body?: unknown) => {
    const res = await client.request<T>(
      method,
      `${BASE}${path}`,
      method === 'POST' ? (body ?? {}) : undefined,
      authHeader(auth),
    );
    expectContractShape(res.status, res.body);
    return res;
  };

  return {
    app,
    client,
    stepUp,
    provider: stepUp.provider,
    post: <T = any>(path: string, auth: Auth, body?: unknown) => call<T>('POST', path, auth, body),
    get: <T = any>(path: string, auth: Auth) => call<T>('GET', path, auth),
    /** A fresh user with an enrolment token. */
    async enrolledUser(email = `${randomUUID()}@example.test`) {
      const userId = randomUUID();
      const token = await stepUp.provider.enrollmentToken({ userId, email });
      return { userId, email, token };
    },
    /** A token of any scope/tenant/time (the tests' own signer: same keys as the service). */
    async token(
      subject: { userId: string; action?: string; scope?: TokenScope; tenantId?: string },
      now = Date.now(),
    ) {
      return issueToken(
        await stepUp.service.keys(),
        {
          tenantId: subject.tenantId ?? TENANT,
          userId: subject.userId,
          action: subject.action ?? 'enroll',
          scope: subject.scope ?? 'enroll',
        },
        now,
      );
    },
    async outbox(to: string): Promise<OutboxMessage[]> {
      const res = await client.get(`/dev/outbox.json?to=${encodeURIComponent(to)}`);
      return res.body.messages;
    },
    async lastCode(to: string): Promise<string> {
      const [message] = await this.outbox(to);
      if (!message?.code) throw new Error(`no code sent to ${to}`);
      return message.code;
    },
    /** Moves every recorded send back in time (past the resend cooldown). */
    async rewindSends(seconds: number) {
      await db.execute(
        sql`UPDATE provider_send_log SET sent_at = sent_at - make_interval(secs => ${seconds})`,
      );
    },
  };
}

/**
 * Every answer of a /client call must parse with the contract the client library uses, and name no field the
 * contract does not declare: AuthenticationResult for successes, ProviderError for errors.
 */
export function expectContractShape(status: number, body: unknown) {
  const schema = status < 300 ? AuthenticationResultSchema : ProviderErrorSchema;
  const parsed = v.safeParse(schema, body);
  if (!parsed.success) {
    throw new Error(
      `answer ${status} does not match the contract: ${JSON.stringify(body)} — ${parsed.issues[0]?.message}`,
    );
  }
  const undeclared = Object.keys(body as object).filter((key) => !(key in schema.entries));
  if (undeclared.length > 0)
    throw new Error(`answer ${status} has undeclared fields ${undeclared.join(', ')}`);
}

/** Every provider error has this shape. */
export function expectProviderError(body: any, error: string, errorCode?: string) {
  if (typeof body !== 'object' || body === null)
    throw new Error(`not an error object: ${JSON.stringify(body)}`);
  if (body.error !== error) throw new Error(`expected error ${error}, got ${JSON.stringify(body)}`);
  if (typeof body.errorDescription !== 'string' || body.errorDescription.length === 0) {
    throw new Error(`errorDescription missing: ${JSON.stringify(body)}`);
  }
  if (errorCode !== undefined && body.errorCode !== errorCode) {
    throw new Error(`expected errorCode ${errorCode}, got ${JSON.stringify(body)}`);
  }
}

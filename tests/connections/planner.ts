import type { Database } from '@server/db/connect';
import { expect } from 'vitest';
import { type TestAppOptions, TestClient, testApp } from '../support/http';

let counter = 0;

/** A planner who signed up and onboarded just now: an account with no platform connected. */
export async function newPlanner(db: Database, options: TestAppOptions = {}) {
  const client = new TestClient(testApp(db, options));
  const email = `planner-${process.pid}-${++counter}@flightplan.test`;
  expect((await client.post('/api/auth/signup', { email, password: 'correct-horse' })).status).toBe(201);
  const onboarded = await client.post('/api/onboarding', {
    firstName: 'Pat',
    lastName: 'Planner',
    organizationName: `Agency ${counter}`,
    accountName: 'First Client',
  });
  expect(onboarded.status).toBe(201);
  // A plan needs a customer to launch.
  expect((await client.post('/api/customers', { name: 'Northwind' })).status).toBe(201);
  const user = await client.get('/api/auth/user');
  return { client, email, accountId: user.body.currentAccount.id as string, userId: user.body.id as string };
}

import { it } from 'vitest';
import { freshDatabase } from '../support/db';
import { signedIn } from '../support/http';

const { db } = await freshDatabase();
it('smoke', async () => {
  const demo = await signedIn(db);
  for (const p of ['/api/campaigns?_sort=createdAt&_order=desc', '/api/campaigns?platforms=meta&name_like=acme&_end=2', '/api/customers', '/api/organizations', '/api/accounts', '/api/objectives', '/api/platforms', '/api/bookings?_start=100&_end=110', '/api/budgets?q=acme', '/api/campaigns?status=active&status=paused&_sort=startDate,name&_order=desc', '/api/campaigns?foo=1', '/api/campaigns?_end=500', '/api/campaigns?customerId=x']) {
    const r = await demo.get(p);
    console.log(p, r.status, r.headers.get('x-total-count'), JSON.stringify(r.body).slice(0, 300));
  }
  const c = await demo.post('/api/campaigns', { name: 'New', platforms: ['meta'], startDate: '2026-01-01', endDate: '2026-02-01' });
  console.log(c.status, c.body);
  const u = await demo.patch(`/api/campaigns/${c.body.id}`, { name: 'Renamed', endDate: '2025-01-01' });
  console.log(u.status, u.body);
  const u2 = await demo.patch(`/api/campaigns/${c.body.id}`, { name: 'Renamed' });
  console.log(u2.status, u2.body);
  const d = await demo.delete(`/api/campaigns/${c.body.id}`);
  console.log(d.status, d.body);
  console.log((await demo.post('/api/organizations', { name: 'Org 2' })).body);
  console.log((await demo.post('/api/objectives', { name: 'Org 2' })).body);
});

import type { MediaPlan } from '@contract/exchange';
import type { Plan } from '@contract/planning';
import { beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../support/db';
import { ORIGIN, signedIn, socketEnv, type TestClient } from '../support/http';
import { pdfText } from '../support/pdfText';
import { AUDIENCE, planCampaign, testConnectors } from '../support/planning';

/**
 * Saved interests keep their names (issue 28): the plan answers each interest's name beside its id, and the
 * exports (MediaPlan JSON, flowchart CSV, insertion order) carry the names, so an import keeps the interests.
 */

const { db } = await freshDatabase();
let demo: TestClient;

beforeAll(async () => {
  demo = await signedIn(db, 'demo', { connectors: testConnectors(db) });
});

const JSON_ACCEPT = { accept: 'application/json' };
// Meta's "Travel" and "Adventure travel", TikTok's "Beaches" (the sandbox taxonomies).
const INTERESTS = { meta: ['6003639161770', '6003130251362'], tiktok: ['814298'] };

async function planWithInterests(name: string) {
  return planCampaign(demo, {
    db,
    until: 'schedule',
    name,
    platforms: ['meta', 'tiktok'],
    audience: { ...AUDIENCE, interests: INTERESTS },
  });
}

async function pdfOf(path: string) {
  const cookies = (demo as unknown as { cookies: Map<string, string> }).cookies;
  const app = (demo as unknown as { app: { request: typeof fetch } }).app as never as {
    request(url: string, init: RequestInit, env: unknown): Promise<Response>;
  };
  const res = await app.request(
    `${ORIGIN}${path}`,
    { headers: { cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') } },
    socketEnv(),
  );
  const bytes = new Uint8Array(await res.arrayBuffer());
  // A refusal is named, not read as an empty PDF.
  expect(res.status, Buffer.from(bytes).toString('utf8').slice(0, 300)).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/pdf');
  return pdfText(bytes);
}

describe('interest names', () => {
  it('the saved plan answers each interest by name, ids kept', async () => {
    const { id, plan } = await planWithInterests('Named interests');
    expect(plan.audience?.interests).toEqual(INTERESTS);
    const read = (await demo.get<Plan>(`/planning/wizard/${id}`, JSON_ACCEPT)).body;
    expect(read.audience?.interests).toEqual(INTERESTS);
    expect(read.interestNames).toEqual({
      meta: { '6003639161770': 'Travel', '6003130251362': 'Adventure travel' },
      tiktok: { '814298': 'Beaches' },
    });
  });

  it('the MediaPlan export names them and carries them per line item', async () => {
    const { id } = await planWithInterests('Exported interests');
    const doc = (await demo.get<MediaPlan>(`/api/campaigns/${id}/export/mediaplan.json`)).body;
    expect(doc.campaign.target_audiences?.[0]?.interest_attributes).toBe(
      'Meta: Travel, Adventure travel; TikTok: Beaches',
    );
    const meta = doc.lineitems.find((li) => li.vehicle === 'Meta');
    expect(meta?.custom_properties?.flightplan_interests).toEqual([
      { id: '6003639161770', name: 'Travel' },
      { id: '6003130251362', name: 'Adventure travel' },
    ]);
  });

  it('the flowchart CSV and the insertion order name them', async () => {
    const { id } = await planWithInterests('Printed interests');
    const csv = (await demo.get<string>(`/api/campaigns/${id}/export/flowchart.csv`)).body;
    const lines = csv.split('\r\n');
    expect(lines[0]?.split(',').at(-1)).toBe('Interests');
    expect(lines.find((line) => line.includes(',Meta,'))).toMatch(/,"Travel, Adventure travel"$/);
    expect(lines.find((line) => line.includes(',TikTok,'))).toMatch(/,Beaches$/);
    const text = await pdfOf(`/api/campaigns/${id}/export/insertion-order.pdf`);
    expect(text).toContain('Interests: Meta: Travel, Adventure travel; TikTok: Beaches');
  });

  it('an import of the export keeps the interests, ids and names', async () => {
    const { id } = await planWithInterests('Round-tripped interests');
    const doc = (await demo.get<MediaPlan>(`/api/campaigns/${id}/export/mediaplan.json`)).body;
    const imported = await demo.post<{ campaignId: string }>('/api/campaigns/import', doc);
    expect(imported.status, JSON.stringify(imported.body)).toBe(201);
    const plan = (await demo.get<Plan>(`/planning/wizard/${imported.body.campaignId}`, JSON_ACCEPT)).body;
    expect(plan.audience?.interests).toEqual(INTERESTS);
    expect(plan.interestNames?.meta?.['6003130251362']).toBe('Adventure travel');
  });
});

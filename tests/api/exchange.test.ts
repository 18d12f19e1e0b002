import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { ActivityEntry } from '@contract/activity';
import { CAMPAIGN_NOT_FOUND_MESSAGE } from '@contract/campaigns';
import { type ImportSource, type MediaPlan, MediaPlanSchema, type SignOff } from '@contract/exchange';
import type { Plan } from '@contract/planning';
import * as t from '@server/db/schema';
import { count, eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import * as v from 'valibot';
import { beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../support/db';
import { ORIGIN, signedIn, socketEnv, type TestClient } from '../support/http';
import { pdfText } from '../support/pdfText';
import { planCampaign, testConnectors } from '../support/planning';

/**
 * The plan in and out against real PostgreSQL: the three exports (headers, content, another tenant's
 * campaign 404), the import's dry-run report and its draft, a bad file refused whole, the round trip.
 */

const { db } = await freshDatabase();
let demo: TestClient;
let rival: TestClient;
let rivalCampaignId: string;

beforeAll(async () => {
  demo = await signedIn(db, 'demo', { connectors: testConnectors(db) });
  rival = await signedIn(db, 'rival', { connectors: testConnectors(db) });
  rivalCampaignId = (await rival.get<{ id: string }[]>('/api/campaigns?_end=1')).body[0]!.id;
});

const JSON_ACCEPT = { accept: 'application/json' };
const NOT_FOUND = { message: CAMPAIGN_NOT_FOUND_MESSAGE };
const FILES = ['mediaplan.json', 'flowchart.csv', 'insertion-order.pdf'];
const fixture = (): MediaPlan =>
  JSON.parse(readFileSync(new URL('../fixtures/mediaplan/agency-plan.json', import.meta.url), 'utf8'));
const standardExample = (): MediaPlan =>
  JSON.parse(
    readFileSync(new URL('../fixtures/mediaplan/standard-example-v3.0.json', import.meta.url), 'utf8'),
  );
const campaignCount = async () => (await db.select({ n: count() }).from(t.campaigns))[0]!.n;
const exported = async (id: string) =>
  (await demo.get<MediaPlan>(`/api/campaigns/${id}/export/mediaplan.json`)).body;
const getPlan = async (id: string) => (await demo.get<Plan>(`/planning/wizard/${id}`, JSON_ACCEPT)).body;
const importPlan = (doc: unknown, dryRun = false) =>
  demo.post(`/api/campaigns/import${dryRun ? '?dryRun=true' : ''}`, doc);

/** The response's bytes (TestClient reads text), with the client's session cookie. */
async function bytesOf(client: TestClient, path: string) {
  const cookies = (client as unknown as { cookies: Map<string, string> }).cookies;
  const app = (client as unknown as { app: { request: typeof fetch } }).app as never as {
    request(url: string, init: RequestInit, env: unknown): Promise<Response>;
  };
  const res = await app.request(
    `${ORIGIN}${path}`,
    { headers: { cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') } },
    socketEnv(),
  );
  return { status: res.status, headers: res.headers, bytes: new Uint8Array(await res.arrayBuffer()) };
}

describe('exports', () => {
  it('answers the plan as a MediaPlan 3.0 attachment named after the campaign', async () => {
    const { id, plan } = await planCampaign(demo, {
      db,
      name: 'Été 2099 — Launch!',
      platforms: ['meta', 'google', 'microsoft'],
    });
    const res = await demo.get<MediaPlan>(`/api/campaigns/${id}/export/mediaplan.json`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="ete-2099-launch.mediaplan.json"; filename*=UTF-8''${encodeURIComponent('Été 2099 — Launch!.mediaplan.json')}`,
    );
    expect(v.safeParse(MediaPlanSchema, res.body).success).toBe(true);
    expect(res.body.meta.schema_version).toBe('3.0');
    expect(
      res.body.lineitems.map((li) => [li.id, li.vehicle, li.channel, li.cost_total, li.start_date]),
    ).toEqual(
      plan.flights.map((f) => [
        f.id,
        { meta: 'Meta', google: 'Google Ads', microsoft: 'Microsoft Advertising' }[f.platform],
        f.platform === 'meta' ? 'social' : 'search',
        f.amountMinor / 100,
        f.startDate,
      ]),
    );
    expect(res.body.campaign.budget_total).toBe(3000);
  });

  it('answers the flowchart as CSV: a row per flight, quoted by RFC 4180, formulas defused', async () => {
    const { id, plan } = await planCampaign(demo, {
      db,
      name: '=HYPERLINK("http://x", "a, b")',
      budgetMinor: 300_001,
    });
    const res = await demo.get<string>(`/api/campaigns/${id}/export/flowchart.csv`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="hyperlink-http-x-a-b\.flowchart\.csv"; filename\*=UTF-8''%3DHYPERLINK%28/,
    );
    const lines = res.body.split('\r\n');
    expect(lines[0]).toBe(
      'Line item,Platform,Flight start,Flight end,Days,Amount,Currency,Pacing,Share of budget %,Booking status,Interests',
    );
    expect(lines).toHaveLength(plan.flights.length + 2);
    expect(lines.at(-1)).toBe('');
    const [meta] = plan.flights;
    expect(lines[1]).toBe(
      `"'=HYPERLINK(""http://x"", ""a, b"") · Meta · flight 1",Meta,${meta!.startDate},${meta!.endDate},30,1500.01,EUR,Even,50.0,tentative,`,
    );
  });

  it('answers the insertion order as a PDF with the campaign, its client and the agency', async () => {
    const { id } = await planCampaign(demo, { db, name: 'Καλοκαίρι Лето 2099' });
    const res = await bytesOf(demo, `/api/campaigns/${id}/export/insertion-order.pdf`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="2099\.insertion-order\.pdf"; filename\*=UTF-8''%CE%9A/,
    );
    expect(new TextDecoder().decode(res.bytes.subarray(0, 5))).toBe('%PDF-');
    const pdf = await PDFDocument.load(res.bytes);
    expect(pdf.getPageCount()).toBeGreaterThanOrEqual(1);
    expect(pdf.getTitle()).toBe('Insertion order: Καλοκαίρι Лето 2099');
    expect(pdf.getSubject()).toMatch(/^Καλοκαίρι Лето 2099 for .+/);
  });

  it('uses the white-label brand name as the agency', async () => {
    const [org] = await db.select().from(t.organizations).limit(1);
    const { id } = await planCampaign(demo, { db, name: 'Branded' });
    const session = await demo.get<{ organization?: { id: string } }>('/api/auth/session');
    const orgId = session.body.organization?.id ?? org!.id;
    await db
      .update(t.organizations)
      .set({
        whiteLabelIsEnabled: true,
        whiteLabelBrandName: 'Nordstern Media',
        whiteLabelPrimaryHexCode: '#aa3366',
      })
      .where(eq(t.organizations.id, orgId));
    const pdf = await PDFDocument.load(
      (await bytesOf(demo, `/api/campaigns/${id}/export/insertion-order.pdf`)).bytes,
    );
    expect(pdf.getAuthor()).toBe('Nordstern Media');
    expect((await exported(id)).campaign.agency_name).toBe('Nordstern Media');
  });

  it("answers a missing, malformed or another tenant's campaign with 404", async () => {
    for (const id of [randomUUID(), 'not-a-uuid', rivalCampaignId]) {
      for (const file of FILES) {
        const res = await demo.get(`/api/campaigns/${id}/export/${file}`);
        expect([id, file, res.status, res.body]).toEqual([id, file, 404, NOT_FOUND]);
      }
    }
  });

  it('answers 409 for a plan with no schedule yet', async () => {
    const { id } = await planCampaign(demo, { db, until: 'platforms' });
    for (const file of FILES) {
      const res = await demo.get(`/api/campaigns/${id}/export/${file}`);
      expect([file, res.status]).toEqual([file, 409]);
      expect(res.body.message).toMatch(/Schedule the plan/);
    }
  });
});

describe('POST /api/campaigns/import', () => {
  it('reports the hand-written agency plan on a dry run and saves nothing', async () => {
    const before = await campaignCount();
    const res = await importPlan(fixture(), true);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.report.problems).toEqual([]);
    expect(res.body.report.leftOut).toEqual([]);
    expect(res.body.report.warnings).toEqual([]);
    expect(res.body.report.source).toMatchObject({
      id: 'mp_nordlicht_2099_q1',
      createdByName: 'Jana Keller',
    });
    expect(res.body.report.campaign).toMatchObject({
      name: 'Nordlicht Q1 leads',
      objective: 4,
      currency: 'EUR',
      start: '2099-02-01',
      end: '2099-03-31',
      budgetMinor: 4_250_050,
    });
    expect(res.body.report.lineItems.map((li: { mappedPlatform: string }) => li.mappedPlatform)).toEqual([
      'meta',
      'meta',
      'google',
      'linkedin',
    ]);
    expect(await campaignCount()).toBe(before);
  });

  it('imports the agency plan as a draft with its platforms, flights, amounts and audience', async () => {
    const res = await importPlan(fixture());
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const plan = await getPlan(res.body.campaignId);
    expect(plan.campaign).toMatchObject({
      name: 'Nordlicht Q1 leads',
      status: 'draft',
      objectiveId: 4,
      currency: 'EUR',
      budgetMinor: 4_250_050,
      startDate: '2099-02-01',
      endDate: '2099-03-31',
    });
    expect(plan.platforms).toEqual(['meta', 'google', 'linkedin']);
    expect(Object.fromEntries(Object.entries(plan.allocations).map(([k, a]) => [k, a.amountMinor]))).toEqual({
      meta: 2_250_050,
      google: 1_500_000,
      linkedin: 500_000,
    });
    expect(
      plan.flights.map((f) => [f.platform, f.startDate, f.endDate, f.amountMinor, f.bookingStatus]),
    ).toEqual([
      ['meta', '2099-02-01', '2099-02-28', 1_200_000, 'tentative'],
      ['meta', '2099-03-01', '2099-03-31', 1_050_050, 'tentative'],
      ['google', '2099-02-01', '2099-03-31', 1_500_000, 'tentative'],
      ['linkedin', '2099-02-15', '2099-03-15', 500_000, 'tentative'],
    ]);
    expect(plan.audience).toMatchObject({
      locations: ['DE', 'AT', 'CH'],
      ageMin: 25,
      ageMax: 54,
      genders: [],
    });
    // Another tenant cannot see it.
    expect((await rival.get(`/planning/wizard/${res.body.campaignId}`, JSON_ACCEPT)).status).toBe(404);
  });

  it('writes where the draft came from to the change log, with who and when, in the import (issue 27)', async () => {
    const me = (await demo.get<{ id: string; email: string }>('/api/auth/user')).body;
    const started = Date.now();
    const res = await demo.post('/api/campaigns/import?fileName=nordlicht-q1.json', fixture());
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const id = res.body.campaignId;
    const activity = await demo.get<ActivityEntry[]>(`/api/activity?campaignId=${id}&_end=100`);
    expect(activity.status).toBe(200);
    const entry = activity.body.find((e) => e.field === 'importedFrom');
    expect(entry, JSON.stringify(activity.body)).toMatchObject({
      actor: { id: me.id, email: me.email },
      entity: 'campaign',
      entityId: id,
      entityLabel: 'Campaign',
      op: 'create',
      fieldLabel: 'Imported from',
      afterText:
        '“nordlicht-q1.json” — Nordlicht Q1 2099 lead generation (MediaPlan mp_nordlicht_2099_q1) by Jana Keller',
      campaignId: id,
      campaignName: 'Nordlicht Q1 leads',
      revision: 1,
    });
    expect(Date.parse(entry!.at)).toBeGreaterThanOrEqual(started - 1000);
    // The account-wide log (/activity) lists it too, and a dry run writes nothing.
    const all = await demo.get<ActivityEntry[]>('/api/activity?entity=campaign&_end=100');
    expect(all.body.filter((e) => e.entityId === id && e.field === 'importedFrom')).toHaveLength(1);
    const logged = async () =>
      (await db.select({ n: count() }).from(t.changeLog).where(eq(t.changeLog.field, 'imported_from')))[0]!.n;
    const before = await logged();
    expect((await demo.post('/api/campaigns/import?dryRun=true&fileName=x.json', fixture())).status).toBe(
      200,
    );
    expect(await logged()).toBe(before);
  });

  it('names the file only when asked, and refuses a file name that is not one', async () => {
    const plain = await importPlan(fixture());
    const entries = (await demo.get<ActivityEntry[]>(`/api/activity?campaignId=${plain.body.campaignId}`))
      .body;
    expect(entries.find((e) => e.field === 'importedFrom')?.afterText).toBe(
      'Nordlicht Q1 2099 lead generation (MediaPlan mp_nordlicht_2099_q1) by Jana Keller',
    );
    const before = await campaignCount();
    for (const name of ['', ' ', 'a'.repeat(256), 'two\nlines.json']) {
      const res = await demo.post(`/api/campaigns/import?fileName=${encodeURIComponent(name)}`, fixture());
      expect([name, res.status]).toEqual([name, 400]);
      expect(res.body.validationErrors.fileName.message).toMatch(/file's name/);
    }
    expect(await campaignCount()).toBe(before);
  });

  it('keeps what maps: the faulty line items are left out with their reason, the rest imported', async () => {
    const doc = fixture();
    doc.lineitems[1]!.vehicle = 'Spotify';
    doc.lineitems[1]!.partner = 'Spotify';
    doc.lineitems[2]!.cost_currency = 'USD';
    doc.lineitems[3]!.end_date = '2099-02-01';
    const dry = await importPlan(doc, true);
    expect(dry.status).toBe(200);
    expect(dry.body.report.problems).toEqual([]);
    expect(
      dry.body.report.leftOut.map((li: { id: string; reason: string; costTotal: number }) => [
        li.id,
        li.costTotal,
        li.reason,
      ]),
    ).toEqual([
      ['li_fb_feed_march', 10500.5, '“Spotify” is not a platform we plan on'],
      [
        doc.lineitems[2]!.id,
        15000,
        'In USD, the plan in EUR, and the document gives no cost_currency_exchange_rate: not converted',
      ],
      [doc.lineitems[3]!.id, 5000, 'It ends before it starts'],
    ]);
    expect(dry.body.report.warnings).toEqual([
      {
        path: 'campaign.budget_total',
        message:
          '€30,500.50 not allocated: the budget_total is €42,500.50, the line items kept add up to €12,000 (the draft’s budget)',
      },
    ]);
    const res = await importPlan(doc);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const plan = await getPlan(res.body.campaignId);
    expect(plan.campaign.budgetMinor).toBe(1_200_000);
    expect(plan.flights.map((f) => [f.platform, f.amountMinor])).toEqual([['meta', 1_200_000]]);
  });

  it('refuses a document that leaves nothing to import: the dry run says why, the import answers 400', async () => {
    const doc = fixture();
    for (const item of doc.lineitems) {
      item.vehicle = 'Spotify';
      item.partner = undefined;
    }
    const before = await campaignCount();
    const dry = await importPlan(doc, true);
    expect(dry.status).toBe(200);
    expect(dry.body.report.leftOut).toHaveLength(4);
    const nothing =
      'Nothing to import: none of the document’s 4 line items can be planned (“Spotify” is not a platform we plan on)';
    expect(dry.body.report.problems).toEqual([{ path: 'lineitems', message: nothing }]);
    const res = await importPlan(doc);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(`lineitems: ${nothing}`);
    expect(res.body.validationErrors).toEqual({ lineitems: { message: nothing } });
    // Nor a plan whose objective we cannot tell.
    const vague = fixture();
    vague.campaign.objective = 'Vibes';
    vague.campaign.kpi_name1 = 'Good feelings';
    for (const item of vague.lineitems) item.kpi = 'Smiles';
    const refused = await importPlan(vague);
    expect(refused.status).toBe(400);
    expect(refused.body.validationErrors['campaign.objective'].message).toMatch(
      /^“Vibes” names no objective we plan for/,
    );
    expect(await campaignCount()).toBe(before);
  });

  it('imports the standard’s own example: three line items kept, the programmatic one listed', async () => {
    const dry = await importPlan(standardExample(), true);
    expect(dry.status, JSON.stringify(dry.body)).toBe(200);
    expect(dry.body.report.lineItems).toHaveLength(3);
    expect(dry.body.report.leftOut.map((li: { id: string }) => li.id)).toEqual([
      'li_programmatic_display_004',
    ]);
    expect(dry.body.report.warnings.map((w: { message: string }) => w.message)).toContain(
      '$97,200 not allocated: the budget_total is $950,000, the line items kept add up to $852,800 (the draft’s budget)',
    );
    const res = await importPlan(standardExample());
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const plan = await getPlan(res.body.campaignId);
    expect(plan.campaign).toMatchObject({ currency: 'USD', budgetMinor: 85_280_000, objectiveId: 4 });
    expect(plan.flights.map((f) => [f.platform, f.amountMinor])).toEqual([
      ['linkedin', 40_000_000],
      ['google', 28_000_000],
      ['google', 17_280_000],
    ]);
  });

  it('refuses what is not a MediaPlan 3.0 document, naming the fields', async () => {
    const before = await campaignCount();
    const doc = fixture() as unknown as Record<string, any>;
    doc.meta.schema_version = '2.0';
    delete doc.campaign.start_date;
    doc.lineitems[0].cost_total = 'a lot';
    for (const dryRun of [true, false]) {
      const res = await importPlan(doc, dryRun);
      expect(res.status).toBe(400);
      expect(Object.keys(res.body.validationErrors).sort()).toEqual([
        'campaign.start_date',
        'lineitems.0.cost_total',
        'meta.schema_version',
      ]);
    }
    expect((await importPlan([], true)).status).toBe(400);
    expect(
      (await demo.post('/api/campaigns/import', 'not json', { 'content-type': 'application/json' })).status,
    ).toBe(400);
    expect(await campaignCount()).toBe(before);
  });

  it('refuses a body over 2 MB with 413', async () => {
    const doc = fixture() as unknown as Record<string, any>;
    doc.meta.comments = 'x'.repeat(2 * 1024 * 1024);
    const res = await importPlan(doc, true);
    expect(res.status).toBe(413);
    expect(res.body.message).toMatch(/larger than 2 MB/);
  });

  it('round trip: export, import, export gives the same line items (ids aside)', async () => {
    // Up to the schedule: a line item's `adformat` names the plan's ad formats, but the ads themselves
    // (texts, pictures) are not in the standard, so an imported draft starts without ads.
    const { id } = await planCampaign(demo, {
      db,
      until: 'schedule',
      name: 'Round trip',
      platforms: ['meta', 'google', 'tiktok'],
      objectiveId: 6,
    });
    const first = await exported(id);
    const imported = await importPlan(first);
    expect(imported.status, JSON.stringify(imported.body)).toBe(201);
    const second = await exported(imported.body.campaignId);
    const withoutIds = (doc: MediaPlan) => doc.lineitems.map(({ id: _id, ...rest }) => rest);
    expect(withoutIds(second)).toEqual(withoutIds(first));
    expect(second.lineitems).toHaveLength(3);
    const { id: _a, ...campaignA } = first.campaign;
    const { id: _b, ...campaignB } = second.campaign;
    expect(campaignB).toEqual(campaignA);
  });
});

describe('the sign-off in the exports (loadSignOff)', () => {
  const OLE = { id: 'u-ole', email: 'ole@nordlicht.example', name: 'Ole Hansen' };
  const approved = (campaignId: string): SignOff => ({
    campaignId,
    current: {
      number: 2,
      status: 'approved',
      hash: 'c'.repeat(64),
      createdAt: '2099-01-11T08:00:00Z',
      createdBy: OLE,
      decidedAt: '2099-01-12T14:03:00Z',
      decidedBy: OLE,
      decidedName: 'Ole Hansen',
      decidedMethod: 'PASSKEY',
      comment: null,
      approvers: [OLE],
    },
    previous: null,
  });
  let signing: TestClient;
  const asked: string[] = [];
  const recorded: { campaignId: string; source: ImportSource; fileName: string | null }[] = [];
  let failRecording = false;
  beforeAll(async () => {
    signing = await signedIn(db, 'demo', {
      connectors: testConnectors(db),
      loadSignOff: async (_db, campaignId) => {
        asked.push(campaignId);
        return approved(campaignId);
      },
      recordImport: async (tx, { campaignId, source, fileName }) => {
        // Inside the import's transaction: the draft is there.
        const [row] = await tx
          .select({ id: t.campaigns.id })
          .from(t.campaigns)
          .where(eq(t.campaigns.id, campaignId));
        expect(row?.id).toBe(campaignId);
        if (failRecording) throw new Error('change log unavailable');
        recorded.push({ campaignId, source, fileName });
      },
    });
  });

  it('round trip: the exported revision meta comes back in the import’s report', async () => {
    const { id } = await planCampaign(signing, { db, until: 'schedule', name: 'Signed off' });
    const doc = (await signing.get<MediaPlan>(`/api/campaigns/${id}/export/mediaplan.json`)).body;
    expect(asked).toContain(id);
    expect(doc.meta).toMatchObject({ id: `flightplan-${id}-r2`, is_current: true });
    expect(doc.campaign).toMatchObject({ workflow_status_name: 'Approved' });
    const dry = await signing.post('/api/campaigns/import?dryRun=true', doc);
    expect(dry.status).toBe(200);
    expect(dry.body.report.source).toMatchObject({
      id: `flightplan-${id}-r2`,
      isCurrent: true,
      workflowStatus: 'Approved',
      revision: { number: 2, status: 'approved', decidedByName: 'Ole Hansen', confirmedWith: 'Passkey' },
    });
    const imported = await signing.post('/api/campaigns/import', doc);
    expect(imported.status).toBe(201);
    expect(imported.body.report.source.revision.hash).toBe('c'.repeat(64));
    // The provenance goes to the change log port with the new draft.
    expect(recorded.at(-1)).toEqual({
      campaignId: imported.body.campaignId,
      source: imported.body.report.source,
      fileName: null,
    });
  });

  it('the draft and its provenance are saved together or not at all', async () => {
    const before = await campaignCount();
    failRecording = true;
    try {
      const res = await signing.post('/api/campaigns/import', fixture());
      expect(res.status).toBe(500);
    } finally {
      failRecording = false;
    }
    expect(await campaignCount()).toBe(before);
  });

  it('prints the approval record on the insertion order', async () => {
    const { id } = await planCampaign(signing, { db, until: 'schedule', name: 'Signed off PDF' });
    const res = await bytesOf(signing, `/api/campaigns/${id}/export/insertion-order.pdf`);
    expect(res.status).toBe(200);
    const text = pdfText(res.bytes);
    expect(text).toContain('Approval record');
    expect(text).toContain(
      'Revision 2 approved by Ole Hansen (ole@nordlicht.example) on 2099-01-12 14:03 UTC',
    );
    expect(text).toContain(`Content hash (SHA-256) of revision 2: ${'c'.repeat(64)}`);
  });

  it('another tenant’s campaign is 404 before any sign-off is loaded', async () => {
    const before = asked.length;
    expect((await signing.get(`/api/campaigns/${rivalCampaignId}/export/mediaplan.json`)).status).toBe(404);
    expect(asked.length).toBe(before);
  });
});

import {
  IMPORT_MAX_BYTES,
  type ImportReport,
  type ImportSource,
  MediaPlanSchema,
  type SignOff,
} from '@contract/exchange';
import { type Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { requireAccount } from '../auth/sessions';
import type { ScopeContext } from '../data/define';
import { scopeOfSession } from '../data/scope';
import type { Database } from '../db/connect';
import type { TxDatabase } from '../db/transaction';
import type { AppEnv } from '../http/env';
import { HttpError, parseWith, readJsonObject } from '../http/errors';
import { unsupportedMethod } from '../http/methodNotAllowed';
import { allow } from '../http/policy';
import { readPlan } from '../planning/save';
import { flowchartCsv } from './flowchart';
import { analyseImport } from './importAnalysis';
import { customersOf, saveDraft } from './importSave';
import { insertionOrderPdf } from './insertionOrder';
import { toMediaPlan } from './mediaplanExport';
import { partiesOf } from './parties';

/**
 * The port to the campaign's revisions (server/revisions/): the newest revision (the draft when the plan
 * changed since the last one) and the one before, or null when the campaign has none. Called after the
 * campaign was read in the session's scope, with that campaign's id.
 */
export type LoadSignOff = (db: Database, campaignId: string) => Promise<SignOff | null>;

/**
 * The port to the change log: records an import's provenance (the file, the document's id, author,
 * revision chain and workflow state) inside the transaction that creates the draft. The app wires
 * server/activity's `recordImportInLog`.
 */
export type RecordImport = (
  tx: TxDatabase,
  entry: { scope: ScopeContext; campaignId: string; source: ImportSource; fileName: string | null },
) => Promise<void>;

export interface ExchangeRoutesDeps {
  /** Default: no sign-off (the exports carry the plan's version only). */
  loadSignOff?: LoadSignOff;
  /** Default: the provenance is only in the import's answer (`report.source`). */
  recordImport?: RecordImport;
}

const noSignOff: LoadSignOff = async () => null;

/**
 * The plan in and out (docs/exchange.md): a campaign's plan as MediaPlan Schema 3.0 JSON (with its
 * revision and approval in the meta), a flowchart CSV and an insertion order PDF (with the approval
 * record); and a MediaPlan document imported as a new draft, keeping what maps. Scoped to the session's
 * account: another tenant's campaign answers 404 like a missing one.
 */
export function createExchangeRoutes({
  loadSignOff = noSignOff,
  recordImport,
}: ExchangeRoutesDeps = {}): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  const planOfRequest = async (c: Context<AppEnv>) => {
    const scope = scopeOfSession(requireAccount(c));
    const db = c.get('db');
    const plan = await readPlan({ db, scope }, c.req.param('id') ?? '');
    return { db, scope, plan };
  };

  /** The download's headers: attachment, named after the campaign. */
  const attachment = (c: Context<AppEnv>, name: string, extension: string, type: string) => {
    c.header('Content-Type', type);
    const ascii = `${fileSlug(name)}.${extension}`;
    const full = `${name.normalize('NFC')}.${extension}`;
    // RFC 6266: an ASCII fallback for old clients, the campaign's own name (any script) for the others.
    c.header(
      'Content-Disposition',
      full === ascii
        ? `attachment; filename="${ascii}"`
        : `attachment; filename="${ascii}"; filename*=UTF-8''${encodeRFC5987(full)}`,
    );
  };

  routes.get('/api/campaigns/:id/export/mediaplan.json', allow('exchange.export'), async (c) => {
    const { db, scope, plan } = await planOfRequest(c);
    const document = toMediaPlan(
      plan,
      await partiesOf(db, scope, plan),
      await loadSignOff(db, plan.campaign.id),
    );
    attachment(c, plan.campaign.name, 'mediaplan.json', 'application/json; charset=utf-8');
    return c.body(`${JSON.stringify(document, null, 2)}\n`);
  });

  routes.get('/api/campaigns/:id/export/flowchart.csv', allow('exchange.export'), async (c) => {
    const { plan } = await planOfRequest(c);
    const csv = flowchartCsv(plan);
    attachment(c, plan.campaign.name, 'flowchart.csv', 'text/csv; charset=utf-8; header=present');
    return c.body(csv);
  });

  routes.get('/api/campaigns/:id/export/insertion-order.pdf', allow('exchange.export'), async (c) => {
    const { db, scope, plan } = await planOfRequest(c);
    const pdf = await insertionOrderPdf(plan, await partiesOf(db, scope, plan), {
      signOff: await loadSignOff(db, plan.campaign.id),
    });
    attachment(c, plan.campaign.name, 'insertion-order.pdf', 'application/pdf');
    return c.body(new Uint8Array(pdf));
  });

  routes.post(
    '/api/campaigns/import',
    allow('exchange.import'),
    bodyLimit({
      maxSize: IMPORT_MAX_BYTES,
      onError: () => {
        throw new HttpError(413, `The file is larger than ${IMPORT_MAX_BYTES / 1024 / 1024} MB`);
      },
    }),
    async (c) => {
      const scope = scopeOfSession(requireAccount(c));
      const db = c.get('db');
      const fileName = fileNameOf(c.req.query('fileName'));
      const plan = parseWith(MediaPlanSchema, await readJsonObject(c));
      const { report, draft } = analyseImport(plan, await customersOf(db, scope));
      if (isDryRun(c.req.query('dryRun'))) return c.json({ report });
      if (!draft) throw problemsError(report);
      const campaignId = await saveDraft(
        db,
        scope,
        draft,
        recordImport &&
          ((tx, id) => recordImport(tx, { scope, campaignId: id, source: report.source, fileName })),
      );
      return c.json({ campaignId, report }, 201);
    },
  );

  for (const path of ['/api/campaigns/:id/export/:file', '/api/campaigns/import']) {
    routes.all(path, (c, next) => {
      if (path.endsWith(':file') && !EXPORT_FILES.has(c.req.param('file') ?? '')) return next();
      const allow = path.endsWith('import') ? 'POST' : 'GET';
      throw unsupportedMethod(c, allow);
    });
  }
  return routes;
}

const EXPORT_FILES = new Set(['mediaplan.json', 'flowchart.csv', 'insertion-order.pdf']);

const isDryRun = (value: string | undefined) => value === 'true' || value === '1';

/** `?fileName=`: the chosen file's name, for the change log ("imported from “q2-plan.json”"); optional. */
export const IMPORT_FILE_NAME_MAX = 255;
function fileNameOf(value: string | undefined): string | null {
  if (value === undefined) return null;
  const name = value.trim();
  const hasControl = [...name].some((ch) => ch.charCodeAt(0) < 32 || ch.charCodeAt(0) === 127);
  if (name === '' || name.length > IMPORT_FILE_NAME_MAX || hasControl) {
    const message = `fileName: the file's name, 1 to ${IMPORT_FILE_NAME_MAX} characters on one line`;
    throw new HttpError(400, message, { validationErrors: { fileName: { message } } });
  }
  return name;
}

/** 400 naming what stops the import at its path in the document (the dry run's report lists it too). */
function problemsError(report: ImportReport): HttpError {
  const validationErrors = Object.fromEntries(report.problems.map((p) => [p.path, { message: p.message }]));
  const [first] = report.problems;
  const more = report.problems.length > 1 ? ` (and ${report.problems.length - 1} more)` : '';
  return new HttpError(
    400,
    first ? `${first.path}: ${first.message}${more}` : 'The plan cannot be imported',
    {
      validationErrors,
    },
  );
}

/** An ASCII file name from any campaign name: "Été 2026 — Launch!" → "ete-2026-launch". */
export function fileSlug(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
  return slug || 'campaign';
}

/** RFC 5987 `ext-value` characters: percent-encode everything else (UTF-8). */
const encodeRFC5987 = (value: string) =>
  encodeURIComponent(value).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * The `planImport` chart's generated paths, replayed in the real “Import plan” dialog of the campaigns
 * page. The file is chosen as a person does (`user.upload`); its text is held until the path's
 * `readFile` step says what it is (a JSON document, a PDF, or unreadable), and the dry run and the
 * import (POST /api/campaigns/import) wait for the path's answers.
 */
import '../support/matchers';
import type { ImportReport } from '@contract/exchange';
import { getChart } from '@machines';
import type { PlanImportContext } from '@machines/planImport';
import { NETWORK_ERROR_MESSAGE } from '@machines/shared/errors';
import { resetPlatformNames } from '@src/features/campaigns/campaignRows';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, vi } from 'vitest';
import { describeViewPathTests } from '../../paths/viewPathTests';
import { campaign, json, PLATFORMS, SIGNED_IN_USER } from '../support/fakeApi';
import { type HeldServer, heldServer } from '../support/heldServer';
import { renderApp } from '../support/renderApp';

// Watch the view's actor (tests/paths/viewActors.ts); vitest hoists this above every import.
vi.mock('@xstate/react', async (importOriginal) =>
  (await import('../../paths/viewActors')).inspectingXStateReact(importOriginal),
);

const realFetch = globalThis.fetch;
beforeEach(() => resetPlatformNames());
afterEach(() => {
  globalThis.fetch = realFetch;
});

interface ImportView {
  server: HeldServer;
  user: ReturnType<typeof userEvent.setup>;
  location: () => string;
  /** The chosen file's text, settled by the path's readFile step. */
  reading: { resolve: (text: string) => void; reject: (error: unknown) => void } | null;
}

const IMPORT = '/api/campaigns/import';
const CHECK = (r: { method: string; path: string; search: URLSearchParams }) =>
  r.method === 'POST' && r.path === IMPORT && r.search.get('dryRun') === 'true';
const SAVE = (r: { method: string; path: string; search: URLSearchParams }) =>
  r.method === 'POST' && r.path === IMPORT && !r.search.has('dryRun');

const dialog = () => screen.getByRole('dialog');
const button = (name: string) => within(dialog()).getByRole('button', { name });
const context = (state: { context: unknown }) => state.context as PlanImportContext;
const fileInput = () =>
  within(dialog()).getByLabelText<HTMLInputElement>(/^(MediaPlan JSON file|Choose another file)$/);
const messageOf = (error: unknown) =>
  typeof (error as { status?: unknown }).status === 'number'
    ? (error as { message: string }).message
    : NETWORK_ERROR_MESSAGE;

describeViewPathTests<ImportView>({
  chart: getChart('planImport'),
  compareContext: ({ file, report, error, fieldErrors, campaignId }: PlanImportContext) => ({
    file: file ? { name: file.name, size: file.size } : null,
    report,
    error,
    fieldErrors,
    campaignId,
  }),
  async render() {
    let navigating = () => false;
    const server = heldServer({
      hold: (request) => request.path === IMPORT && !navigating(),
      answer: (request) => {
        if (request.path === '/api/auth/user') return json(SIGNED_IN_USER);
        if (request.path === '/api/platforms') return json(PLATFORMS, { total: PLATFORMS.length });
        if (request.path === '/api/campaigns')
          return json([campaign({ name: 'Spring Launch' })], { total: 1 });
        if (request.method === 'GET' && request.path.startsWith('/api/')) return json([], { total: 0 });
        return undefined;
      },
    });
    const { location } = renderApp('/campaigns');
    navigating = () => !location().startsWith('/campaigns');
    await screen.findByRole('button', { name: 'Import plan' });
    return { server, user: userEvent.setup({ delay: null, applyAccept: false }), location, reading: null };
  },
  unproducible: [
    {
      step: (event, before) => event.type === 'dialog.close' && before.matches('idle'),
      because: 'a closed dialog has no Cancel button (closing is taken from the open dialog)',
    },
  ],
  events: {
    'dialog.open': ({ user }) => user.click(screen.getByRole('button', { name: 'Import plan' })),
    'dialog.close': ({ user }) => user.click(button('Cancel')),
    'file.choose': (view, { event }) => {
      const { name, size } = event.file as { name: string; size: number };
      const file = new File([new Uint8Array(size)], name, { type: 'application/json' });
      const text = new Promise<string>((resolve, reject) => {
        view.reading = { resolve, reject };
      });
      // Not read yet: the path's readFile step decides what the file turns out to contain.
      Object.defineProperty(file, 'text', { value: () => text });
      return view.user.upload(fileInput(), file);
    },
    'xstate.done.actor.readFile': (view, { event }) => view.reading!.resolve(event.output as string),
    'xstate.error.actor.readFile': (view, { event }) => view.reading!.reject(event.error),
    'xstate.done.actor.checkPlan': ({ server }, { event }) => server.respond(CHECK, json(event.output)),
    'xstate.error.actor.checkPlan': ({ server }, { event }) =>
      server.answerWith(CHECK, { error: event.error }),
    'plan.import': ({ user }) => user.click(button('Import')),
    'import.retry': ({ user }) => user.click(button('Try again')),
    'xstate.done.actor.importPlan': {
      perform: async ({ server }, { event, state }) => {
        const request = await server.respond(SAVE, json(event.output, { status: 201 }));
        // The file's name goes with the import, for the change log ("imported from “agency-plan.json”").
        expect(request.search.get('fileName')).toBe(context(state).file?.name);
      },
      see: async ({ location }, { event }) => {
        const { campaignId } = event.output as { campaignId: string };
        await waitFor(() => expect(location()).toBe(`/planning/wizard/${campaignId}`));
      },
    },
    'xstate.error.actor.importPlan': ({ server }, { event }) =>
      server.answerWith(SAVE, { error: event.error }),
  },
  states: {
    idle: async () => {
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(screen.getByRole('button', { name: 'Import plan' })).toBeInTheDocument();
    },
    choosing: async (_view, { state }) => {
      const { error, fieldErrors } = context(state);
      expect(within(dialog()).getByRole('heading', { name: 'Import a plan' })).toBeInTheDocument();
      expect(fileInput()).not.toBeDisabled();
      expect(within(dialog()).queryByRole('button', { name: 'Import' })).not.toBeInTheDocument();
      if (error) expect(await within(dialog()).findByRole('alert')).toHaveTextContent(error);
      for (const [path, message] of Object.entries(fieldErrors))
        expect(within(dialog()).getByText(path).closest('li')).toHaveTextContent(`${path}: ${message}`);
    },
    reading: () => {
      expect(within(dialog()).getByRole('status')).toHaveTextContent('Reading the file…');
      expect(within(dialog()).queryByLabelText(/MediaPlan JSON file/)).not.toBeInTheDocument();
    },
    checking: () => {
      expect(within(dialog()).getByRole('status')).toHaveTextContent('Checking the plan…');
    },
    report: async (_view, { state }) => {
      const report = context(state).report as ImportReport;
      const section = await within(dialog()).findByRole('region', { name: 'Import report' });
      expect(section).toHaveTextContent(report.campaign.name);
      if (report.lineItems.length > 0) {
        const kept = within(section).getByRole('list', { name: 'Line items kept' });
        expect(within(kept).getAllByRole('listitem')).toHaveLength(report.lineItems.length);
      } else expect(within(section).queryByRole('list', { name: 'Line items kept' })).toBeNull();
      if (report.leftOut.length > 0) {
        const leftOut = within(section).getByRole('list', { name: 'Left out' });
        expect(within(leftOut).getAllByRole('listitem')).toHaveLength(report.leftOut.length);
        for (const li of report.leftOut) expect(leftOut).toHaveTextContent(`${li.name}, `);
        for (const li of report.leftOut) expect(leftOut).toHaveTextContent(li.reason!);
      }
      if (report.warnings.length > 0) {
        const warnings = within(section).getByRole('list', { name: 'Warnings' });
        for (const w of report.warnings) expect(warnings).toHaveTextContent(w.message);
      }
      if (report.source.workflowStatus && !report.source.revision)
        expect(section).toHaveTextContent(`Status “${report.source.workflowStatus}”`);
      for (const p of report.problems)
        expect(within(section).getByRole('list', { name: 'Problems' })).toHaveTextContent(p.message);
      // Import is disabled while problems exist.
      if (report.problems.length > 0) expect(button('Import')).toBeDisabled();
      else expect(button('Import')).not.toBeDisabled();
    },
    importing: () => {
      expect(button('Importing…')).toBeDisabled();
      expect(button('Cancel')).toBeDisabled();
    },
    imported: async ({ location }, { state }) => {
      // The new draft opens in the wizard, which resumes at its first incomplete step.
      await waitFor(() => expect(location()).toBe(`/planning/wizard/${context(state).campaignId}`));
    },
    failed: async (_view, { event, state }) => {
      const message = event.type === 'import.retry' ? context(state).error! : messageOf(event.error);
      expect(await within(dialog()).findByRole('alert')).toHaveTextContent(message);
      expect(button('Try again')).not.toBeDisabled();
    },
  },
});

/** What each state of the plan import dialog promises (the spec's words, written out again). */
import { connectPlanImport } from '@machines/planImport/planImport.connect';
import { planImportMachine } from '@machines/planImport/planImport.machine';
import { defineOracle, expectEqual, expectFields, expectThat } from '@tooling/charts/oracle';
import { formMessage } from '@tooling/charts/oracles/shared';

const MAX_BYTES = 2 * 1024 * 1024;
const SIZE_MESSAGE = 'The file is larger than 2 MB: a MediaPlan export is far smaller';
const notJson = (name: string) => `“${name}” is not a JSON file: choose a MediaPlan Schema 3.0 JSON export`;
type Report = {
  problems: unknown[];
  warnings: unknown[];
  lineItems: unknown[];
  leftOut: { id: string; name: string; reason?: string }[];
};

export const planImportOracle = defineOracle(planImportMachine, {
  always: ({ snapshot, emitted }) => {
    // Only the finished import opens the wizard.
    if (!snapshot.matches('imported')) expectEqual(emitted, [], 'emitted');
  },
  events: {
    'file.choose': ({ context, event }) => {
      const file = event.file as { name: string; size: number };
      expectEqual(context.file, file, 'the chosen file');
      expectEqual(context.report, null, 'an earlier report is dropped');
      if (file.size > MAX_BYTES) expectEqual(context.error, SIZE_MESSAGE, 'size refused');
    },
  },
  states: {
    idle: ({ snapshot, context }) => {
      expectFields(
        connectPlanImport(snapshot, () => {}),
        { isOpen: false, status: null, canImport: false },
      );
      expectFields(
        context,
        { file: null, document: null, report: null, error: null, campaignId: null },
        'context',
      );
    },
    choosing: ({ snapshot, context, event }) => {
      const view = connectPlanImport(snapshot, () => {});
      expectFields(view, {
        isOpen: true,
        canChooseFile: true,
        isBusy: false,
        showImport: false,
        canImport: false,
      });
      if (event.type === 'dialog.open') expectEqual(view.error, null, 'no error on opening');
      if (event.type === 'xstate.done.actor.readFile' || event.type === 'xstate.error.actor.readFile')
        expectEqual(view.error, notJson(context.file!.name), 'a non-JSON file is refused by name');
      if (event.type === 'xstate.error.actor.checkPlan') {
        expectEqual(view.error, formMessage(event.error), 'the server’s refusal');
        const errors = (event.error as { validationErrors: Record<string, { message: string }> })
          .validationErrors;
        expectEqual(
          view.fieldErrors,
          Object.entries(errors).map(([path, e]) => ({ path, message: e.message })),
          'each field the server names',
        );
      }
    },
    reading: ({ snapshot, context }) => {
      expectThat(context.file !== null && context.file.size <= MAX_BYTES, 'reading a file too large');
      expectFields(
        connectPlanImport(snapshot, () => {}),
        {
          status: 'Reading the file…',
          isBusy: true,
          canImport: false,
        },
      );
    },
    checking: ({ snapshot, context }) => {
      expectThat(context.document !== null, 'checking without a document');
      expectFields(
        connectPlanImport(snapshot, () => {}),
        {
          status: 'Checking the plan…',
          isBusy: true,
          canImport: false,
        },
      );
    },
    report: ({ snapshot, context }) => {
      const report = context.report as Report;
      expectFields(
        connectPlanImport(snapshot, () => {}),
        {
          showImport: true,
          canChooseFile: true,
          // Import is disabled while problems exist.
          canImport: report.problems.length === 0,
          importLabel: 'Import',
          error: null,
        },
      );
      const view = connectPlanImport(snapshot, () => {});
      expectEqual(view.problems, report.problems, 'problems listed');
      expectEqual(view.warnings, report.warnings, 'warnings listed');
      expectEqual(view.kept, report.lineItems, 'the line items kept');
      expectEqual(
        view.leftOut.map(({ id, name, reason }) => ({ id, name, reason })),
        report.leftOut.map(({ id, name, reason }) => ({ id, name, reason })),
        'each line item left out, with its reason',
      );
      expectThat(
        view.leftOut.every((li) => li.amount !== ''),
        'each line item left out shows its amount',
      );
    },
    importing: ({ snapshot, context }) => {
      expectThat((context.report as Report).problems.length === 0, 'importing a plan with problems');
      expectFields(
        connectPlanImport(snapshot, () => {}),
        {
          importLabel: 'Importing…',
          isBusy: true,
          canImport: false,
        },
      );
    },
    imported: ({ context, event, emitted }) => {
      const { campaignId } = event.output as { campaignId: string };
      expectEqual(context.campaignId, campaignId, 'the new draft');
      expectEqual(emitted, [{ type: 'navigate', to: `/planning/wizard/${campaignId}` }], 'opens the wizard');
    },
    failed: ({ snapshot, event }) => {
      expectFields(
        connectPlanImport(snapshot, () => {}),
        {
          canRetry: true,
          isBusy: false,
          canImport: false,
          error: formMessage(event.type === 'import.retry' ? undefined : event.error),
        },
      );
    },
  },
});

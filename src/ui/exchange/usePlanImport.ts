import type { ImportReport, ImportResult } from '@contract/exchange';
import { connectPlanImport, type PlanFile, planImportMachine } from '@machines/planImport';
import { checkPlanImport, importPlan } from '@src/api/exchange';
import { useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { useActorRef } from '../actorRef';
import { useChartNavigation } from '../useChartNavigation';

/** The import chart with its side effects: the file read in the browser, the dry run and the import. */
const machine = planImportMachine.provide({
  actors: {
    // The event carries the browser's File (a PlanFile by shape): read here, never uploaded as a file.
    readFile: fromPromise<string, PlanFile>(({ input }) => (input as File).text()),
    checkPlan: fromPromise<{ report: ImportReport }, { document: unknown }>(({ input, signal }) =>
      checkPlanImport(input.document, signal),
    ),
    importPlan: fromPromise<ImportResult, { document: unknown; fileName: string | null }>(
      ({ input, signal }) => importPlan(input.document, input.fileName, signal),
    ),
  },
});

/** Binds the `planImport` chart to the API and the router: an imported draft opens in the wizard. */
export function usePlanImport() {
  const actorRef = useActorRef(machine);
  const view = useSelector(actorRef, (snapshot) => connectPlanImport(snapshot, actorRef.send));
  useChartNavigation(actorRef);
  return {
    view,
    open: view.open,
    close: view.close,
    chooseFile: view.chooseFile,
    importNow: view.importNow,
    retry: view.retry,
  };
}

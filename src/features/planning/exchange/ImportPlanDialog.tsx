// The import dialog lives in src/ui/exchange: the campaigns list (another feature) opens it.
export { ImportPlanDialog } from '@src/ui/exchange/ImportPlanDialog';

// The export buttons live in src/ui/exchange: the campaign page (another feature) shows them too.
export { ExportMenu } from '@src/ui/exchange/ExportMenu';

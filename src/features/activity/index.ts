export { ActivityView } from './ActivityView';

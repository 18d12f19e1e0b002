export * from './pacingSuggestion.connect';
export {
  type PacingSuggestionMachine,
  pacingSuggestionMachine,
  reviewPathOf,
} from './pacingSuggestion.machine';
export * from './pacingSuggestion.types';

export * from './adAccountChoice.connect';
export {
  type AdAccountChoiceMachine,
  adAccountChoiceMachine,
  CHOICE_GONE_MESSAGE,
  NOTHING_CHOSEN,
} from './adAccountChoice.machine';
export * from './adAccountChoice.types';

export { connectLiveChange, type LiveChangeSnapshot, type LiveChangeView } from './liveChange.connect';
export { type LiveChangeMachine, liveChangeMachine, settledNotice } from './liveChange.machine';
export * from './liveChange.types';

export { connectSignOff, type SignOffSnapshot, type SignOffView } from './signOff.connect';
export { isAskedToDecide, type SignOffMachine, signOffMachine } from './signOff.machine';
export * from './signOff.types';

export {
  connectPlatformConnection,
  type PlatformConnectionSnapshot,
  type PlatformConnectionView,
} from './platformConnection.connect';
export { type PlatformConnectionMachine, platformConnectionMachine } from './platformConnection.machine';
export * from './platformConnection.types';

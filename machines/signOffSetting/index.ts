export * from './signOffSetting.connect';
export {
  SIGN_OFF_NOTICES,
  type SignOffSettingMachine,
  signOffSettingMachine,
} from './signOffSetting.machine';
export * from './signOffSetting.types';

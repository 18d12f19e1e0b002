export * from './amounts';
export * from './importReport';
export * from './mediaplan';
export * from './objectives';
export * from './signOff';
export * from './vehicles';

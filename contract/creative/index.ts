export * from './assets';
export * from './bodies';
export * from './checks';
export * from './crop';
export * from './length';
export * from './specs';
export * from './utm';

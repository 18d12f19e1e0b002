export {
  type CustomDomainRow,
  type CustomDomainsSnapshot,
  type CustomDomainsView,
  connectCustomDomains,
  UPGRADE_REASON,
} from './customDomains.connect';
export {
  type CustomDomainsMachine,
  customDomainsMachine,
  parseDomain,
  signInUrlOf,
} from './customDomains.machine';
export * from './customDomains.types';

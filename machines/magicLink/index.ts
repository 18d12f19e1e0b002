export {
  connectMagicLink,
  type MagicLinkPhase,
  type MagicLinkSnapshot,
  type MagicLinkView,
} from './magicLink.connect';
export {
  LINK_CHECK_FAILED_MESSAGE,
  LINK_EXPIRED_MESSAGE,
  type MagicLinkMachine,
  magicLinkMachine,
} from './magicLink.machine';
export * from './magicLink.types';

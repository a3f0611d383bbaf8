export {
  type AddressClass,
  classifyAddress,
  loopbackTarget,
  type OutboundPolicy,
  REFUSED_ADDRESS_MESSAGES,
  refusedClass,
} from './address-policy';
export { OutboundError, type OutboundFailure } from './outbound-error';
export {
  createOutboundClient,
  DEFAULT_MAX_BYTES,
  DEFAULT_TIMEOUT_MS,
  type OutboundClient,
  parseTarget,
  type SafeFetchOptions,
  type SafeResponse,
} from './safe-fetch';

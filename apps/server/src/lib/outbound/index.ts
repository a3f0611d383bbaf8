export { loopbackTarget } from './address-policy';
export { OutboundError } from './outbound-error';
export { createOutboundClient, type OutboundClient, parseTarget, type SafeResponse } from './safe-fetch';

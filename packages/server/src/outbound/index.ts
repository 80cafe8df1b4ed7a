export {
  type AddressCheck,
  type AddressPolicyOptions,
  canonicalAddress,
  checkAddress,
  checkUrl,
  isPublicAddress,
  maxUrlLength,
  type OutboundTarget,
  type PolicyRefused,
  parseAllowEntry,
  type UrlCheck,
} from "./address-policy.ts";
export { type OutboundFailure, outboundMessages, type PolicyRefusal } from "./messages.ts";
export {
  type Lookup,
  OutboundClient,
  type OutboundClientOptions,
  type OutboundRequest,
  type OutboundResult,
  type ResolvedAddress,
} from "./outbound-client.ts";
export { type OutboundConfig, outboundClientFromConfig, outboundConfigFromEnv } from "./outbound-config.ts";

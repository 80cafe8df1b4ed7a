import crypto, { type KeyObject } from "node:crypto";
import type { Config } from "../config.ts";
import { alipayProvider } from "./alipay.ts";
import { fakeProvider } from "./fake-provider.ts";
import type { PaymentProvider } from "./provider.ts";
import { wechatPayProvider } from "./wechat-pay.ts";

export interface Payments {
  providers: Map<string, PaymentProvider>;
  /** The local gateway's signing key, when this process plays the fake gateway itself. */
  fakeGatewayKey: KeyObject | null;
}

const cache = new WeakMap<Config, Payments>();

/** The providers that the environment configures, built once per configuration. */
export function paymentsFor(ctx: { config: Config; clock: { now(): Date } }): Payments {
  const { config } = ctx;
  const clock = () => ctx.clock.now();
  const cached = cache.get(config);
  if (cached) return cached;
  const providers = new Map<string, PaymentProvider>();
  let fakeGatewayKey: KeyObject | null = null;
  if (config.payFake) {
    let publicKey: KeyObject;
    if (config.payFakePublicKey) {
      publicKey = crypto.createPublicKey(config.payFakePublicKey);
    } else {
      // No outside signer configured: this process is the gateway, with a key pair of its own.
      const pair = crypto.generateKeyPairSync("ed25519");
      publicKey = pair.publicKey;
      fakeGatewayKey = pair.privateKey;
    }
    providers.set("fake", fakeProvider(publicKey, { jsapi: config.payFakeJsapi }));
  }
  if (config.wechatPay) providers.set("wechat", wechatPayProvider(config.wechatPay, clock));
  if (config.alipay) providers.set("alipay", alipayProvider(config.alipay, clock));
  const payments = { providers, fakeGatewayKey };
  cache.set(config, payments);
  return payments;
}

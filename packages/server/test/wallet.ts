import crypto, { randomUUID } from "node:crypto";
import { iso } from "../src/clock.ts";
import { siteKey, transfer, walletKey } from "../src/commands/money/ledger.ts";
import { transaction } from "../src/db/index.ts";
import type { BuiltUser } from "./factories.ts";
import { createTestContext, type TestContext } from "./helpers.ts";

/** Money arrives in `user`'s wallet as a recharge would bring it (from the site's payments account). */
export async function fundWallet(t: TestContext, user: BuiltUser, amountFen: number) {
  await transaction(t.db, (trx) =>
    transfer(trx, {
      id: `test:fund:${randomUUID()}`,
      debit: siteKey("payments"),
      credit: walletKey(user.user.id),
      amount: amountFen,
      kind: "recharge",
      now: iso(t.clock.now()),
    }),
  );
}

/**
 * An app with the local fake payment gateway on, and the gateway's key pair made here (the app knows only the
 * public half), so a test can sign the gateway's notifications.
 */
export async function createFakePayContext() {
  const gateway = crypto.generateKeyPairSync("ed25519");
  const t = await createTestContext({
    PAY_FAKE: "1",
    PAY_FAKE_PUBLIC_KEY: gateway.publicKey.export({ type: "spki", format: "pem" }).toString(),
  });
  return { t, gateway };
}

import { randomUUID } from "node:crypto";
import { iso } from "../src/clock.ts";
import { siteKey, transfer, walletKey } from "../src/commands/ledger.ts";
import { transaction } from "../src/db/index.ts";
import type { BuiltUser } from "./factories.ts";
import type { TestContext } from "./helpers.ts";

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

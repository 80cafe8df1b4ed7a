import { z } from "zod";
import { iso } from "../../clock.ts";
import type { AppContext } from "../../context.ts";
import { type Db, type Trx, transaction } from "../../db/index.ts";
import type { Viewer } from "../../http/viewer.ts";
import { recordAudit } from "../admin/audit.ts";
import { readSetting, writeSetting } from "../site/settings-store.ts";

/** The site's account for 对公转账, shown on an order paid by bank transfer (site settings, `bank`). */
export interface BankInfo {
  accountName: string;
  bankName: string;
  accountNo: string;
  /** E.g. how long confirming takes; shown under the details. */
  note: string;
}

const bankDefaults: BankInfo = { accountName: "", bankName: "", accountNo: "", note: "" };
const bankSchema = z.object({
  accountName: z.string(),
  bankName: z.string(),
  accountNo: z.string(),
  note: z.string(),
});

/** Empty until an admin saves it; an empty account number switches 对公转账 off. */
export function readBankInfo(db: Db | Trx): Promise<BankInfo> {
  return readSetting(db, "bank", bankSchema.partial(), bankDefaults);
}

export async function saveBankInfo(ctx: AppContext, admin: Viewer, input: BankInfo): Promise<BankInfo> {
  const now = iso(ctx.clock.now());
  return transaction(ctx.db, async (trx) => {
    const before = await readBankInfo(trx);
    await writeSetting(trx, "bank", input, now);
    await recordAudit(trx, now, {
      adminId: admin.user.id,
      action: "save",
      entity: "settings",
      entityId: "bank",
      before,
      after: input,
    });
    return input;
  });
}

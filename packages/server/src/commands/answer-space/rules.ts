import { type SpaceSettings, spaceSettingDefaults } from "@wjgj/core";
import { z } from "zod";
import { iso } from "../../clock.ts";
import type { AppContext } from "../../context.ts";
import { type Db, type Trx, transaction } from "../../db/index.ts";
import { recordAudit } from "../admin/audit.ts";
import { readSetting, writeSetting } from "../site/settings-store.ts";

/**
 * The answer space's earning and posting rules as the admin set them: one JSON row of `settings`
 * (站点设置 → 互填积分规则) over the defaults. Every rule check reads them here, at the time of the check.
 */
const SETTING_KEY = "space";

const count = z.number().int().min(0);
const settingsSchema = z
  .object({
    dailyCap: count.min(1),
    secondsPerQuestion: count,
    minSeconds: count,
    minReward: count.min(1),
    maxReward: count.min(1),
    postFee: count,
  })
  .partial();

export async function readSpaceSettings(db: Db | Trx): Promise<SpaceSettings> {
  const rules = await readSetting(db, SETTING_KEY, settingsSchema, spaceSettingDefaults);
  // A half-damaged row must not leave a reward range nobody can post in.
  return rules.minReward <= rules.maxReward
    ? rules
    : { ...rules, minReward: spaceSettingDefaults.minReward, maxReward: spaceSettingDefaults.maxReward };
}

/** `admin/space/saveRules`: replaces the rules, audited with what they were. */
export async function saveSpaceSettings(
  ctx: Pick<AppContext, "db" | "clock">,
  adminId: number,
  rules: SpaceSettings,
): Promise<SpaceSettings> {
  const now = iso(ctx.clock.now());
  return transaction(ctx.db, async (trx) => {
    const before = await readSpaceSettings(trx);
    await writeSetting(trx, SETTING_KEY, rules, now);
    await recordAudit(trx, now, {
      adminId,
      action: "save",
      entity: "settings",
      entityId: SETTING_KEY,
      before,
      after: rules,
    });
    return rules;
  });
}

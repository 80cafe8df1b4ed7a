import { type SampleRates, sampleRateDefaults } from "@wjgj/core";
import { z } from "zod";
import type { Db, Trx } from "../../db/index.ts";
import { readSetting, writeSetting } from "../settings.ts";

/** The admin's sample-service rates: one JSON row of `settings` (站点设置 → 样本服务价格). */
const SETTING_KEY = "samples";

const ratesSchema = z.object({
  basePriceFen: z.number().int(),
  targetingPriceFen: z.number().int(),
  minQuantity: z.number().int(),
  maxQuantity: z.number().int(),
});

export function readSampleRates(db: Db | Trx): Promise<SampleRates> {
  return readSetting(db, SETTING_KEY, ratesSchema.partial(), sampleRateDefaults);
}

export function writeSampleRates(trx: Trx, rates: SampleRates, now: string): Promise<void> {
  return writeSetting(trx, SETTING_KEY, rates, now);
}

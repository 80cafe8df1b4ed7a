import { type SampleRates, sampleRateDefaults } from "@wjgj/core";
import { z } from "zod";
import type { Db, Trx } from "../../db/index.ts";
import { readSetting, writeSetting } from "../site/settings-store.ts";

/** The admin's sample-service rates: one JSON row of `settings` (站点设置 → 样本服务价格). */
const SETTING_KEY = "samples";

const fen = z.number().int().min(0);
const ratesSchema = z
  .object({
    basePriceFen: fen.min(1),
    regionPriceFen: fen,
    ageBandPriceFen: fen,
    genderPriceFen: fen,
    occupationPriceFen: fen,
    minQuantity: z.number().int().min(1),
    maxQuantity: z.number().int().min(1),
    // Rates saved before the surcharges were set per dimension: one surcharge for every dimension.
    targetingPriceFen: fen,
  })
  .partial()
  .transform(({ targetingPriceFen, ...rates }): Partial<SampleRates> => {
    if (targetingPriceFen === undefined) return rates;
    const each = { regionPriceFen: targetingPriceFen, ageBandPriceFen: targetingPriceFen };
    return { ...each, genderPriceFen: targetingPriceFen, occupationPriceFen: targetingPriceFen, ...rates };
  });

/** What pricing reads now: the stored rates over the defaults (a damaged row falls back to the defaults). */
export function readSampleRates(db: Db | Trx): Promise<SampleRates> {
  return readSetting(db, SETTING_KEY, ratesSchema, sampleRateDefaults);
}

export function writeSampleRates(trx: Trx, rates: SampleRates, now: string): Promise<void> {
  return writeSetting(trx, SETTING_KEY, rates, now);
}

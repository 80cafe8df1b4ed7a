import { type PrizeKind, type WinnerView, winnerFieldLabels } from "@wjgj/core";
import { chinaDateTime, iso } from "../../clock.ts";
import type { AppContext } from "../../context.ts";
import { ConflictError, InvalidInputError, NotFoundError } from "../../errors.ts";
import type { Viewer } from "../../http/viewer.ts";
import { keyringOf } from "../privacy/keyring.ts";
import { openAnswers, sealAnswers } from "../privacy/sealing.ts";
import { loadQuestionnaire } from "../questionnaires/store.ts";
import { winnerFieldsFor } from "./draw.ts";
import { prizeSetOf } from "./prizes.ts";
import { provenResponse, type ResponseProof } from "./respondent.ts";

/** The winners' side of the draw: their form, the creator's list, its export and 已发放. */

export interface WinnerInfo {
  name?: string | undefined;
  phone?: string | undefined;
  address?: string | undefined;
}

export async function submitWinnerInfo(ctx: AppContext, proof: ResponseProof, info: WinnerInfo) {
  const response = await provenResponse(ctx.db, proof);
  const draw = await ctx.db
    .selectFrom("prize_draws")
    .innerJoin("prizes", "prizes.id", "prize_draws.prizeId")
    .select(["prize_draws.id", "prize_draws.won", "prizes.kind"])
    .where("prize_draws.responseId", "=", response.id)
    .executeTakeFirst();
  if (draw?.won !== 1) throw new ConflictError("winnerFormNotWinner");
  const fields = winnerFieldsFor(await prizeSetOf(ctx.db, response.questionnaireId), draw.kind);
  const missing = fields.filter((f) => !info[f]);
  if (missing.length > 0)
    throw new InvalidInputError(
      missing.map((field) => ({ field, message: `请填写${winnerFieldLabels[field]}` })),
      "winnerFormInvalid",
      "key",
    );
  const stored = Object.fromEntries(fields.map((f) => [f, info[f] ?? ""]));
  // A winner's name, phone and address are personal data kept at rest sealed, as personal answers are.
  const keys = await keyringOf(ctx.db).forWriting(response.questionnaireId);
  const sealed = sealAnswers(keys, new Set(Object.keys(stored)), stored).answers;
  await ctx.db
    .updateTable("prize_draws")
    .set({ winnerInfo: JSON.stringify(sealed) })
    .where("id", "=", draw.id)
    .execute();
  return null;
}

async function winnerRows(ctx: AppContext, questionnaireId: number): Promise<WinnerView[]> {
  const rows = await ctx.db
    .selectFrom("prize_draws")
    .innerJoin("prizes", "prizes.id", "prize_draws.prizeId")
    .leftJoin("prize_codes", "prize_codes.drawId", "prize_draws.id")
    .select([
      "prize_draws.id",
      "prize_draws.responseId",
      "prize_draws.prizeId",
      "prize_draws.winnerInfo",
      "prize_draws.sentAt",
      "prize_draws.createdAt",
      "prizes.name",
      "prizes.kind",
      "prize_codes.code",
    ])
    .where("prize_draws.questionnaireId", "=", questionnaireId)
    .where("prize_draws.won", "=", 1)
    .orderBy("prize_draws.id", "desc")
    .execute();
  const keys = await keyringOf(ctx.db).forReading(questionnaireId);
  return rows.map((row) => {
    const info = openAnswers(keys, row.winnerInfo) as WinnerInfo;
    return {
      drawId: row.id,
      responseId: row.responseId,
      prizeId: row.prizeId ?? 0,
      prizeName: row.name,
      prizeType: row.kind as PrizeKind,
      couponCode: row.code ?? null,
      name: info.name ?? "",
      phone: info.phone ?? "",
      address: info.address ?? "",
      sent: row.sentAt !== null,
      sentAt: row.sentAt,
      createdAt: row.createdAt,
    };
  });
}

export async function listWinners(ctx: AppContext, viewer: Viewer, questionnaireId: number) {
  await loadQuestionnaire(ctx.db, viewer, questionnaireId, "results");
  return winnerRows(ctx, questionnaireId);
}

/** 中奖名单 as an Excel file (a few thousand rows at most: built in memory). */
export async function exportWinners(ctx: AppContext, viewer: Viewer, questionnaireId: number) {
  const q = await loadQuestionnaire(ctx.db, viewer, questionnaireId, "export");
  const { default: excel } = await import("exceljs");
  const workbook = new excel.Workbook();
  const sheet = workbook.addWorksheet("中奖名单");
  sheet.addRow(["答卷编号", "奖品", "券码", "姓名", "手机号", "收货地址", "中奖时间", "发放状态"]);
  for (const w of await winnerRows(ctx, questionnaireId)) {
    sheet.addRow([
      w.responseId,
      w.prizeName,
      w.couponCode ?? "",
      w.name,
      w.phone,
      w.address,
      chinaDateTime(w.createdAt),
      w.sent ? "已发放" : "未发放",
    ]);
  }
  const body = Buffer.from(await workbook.xlsx.writeBuffer());
  return { body, fileName: `${q.title}-中奖名单.xlsx` };
}

export async function markSent(ctx: AppContext, viewer: Viewer, questionnaireId: number, drawId: number) {
  await loadQuestionnaire(ctx.db, viewer, questionnaireId, "manageResponses");
  const result = await ctx.db
    .updateTable("prize_draws")
    .set({ sentAt: iso(ctx.clock.now()) })
    .where("id", "=", drawId)
    .where("questionnaireId", "=", questionnaireId)
    .where("won", "=", 1)
    .where("sentAt", "is", null)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) {
    const known = await ctx.db
      .selectFrom("prize_draws")
      .select("id")
      .where("id", "=", drawId)
      .where("questionnaireId", "=", questionnaireId)
      .where("won", "=", 1)
      .executeTakeFirst();
    if (!known) throw new NotFoundError("drawNotFound");
  }
  return null;
}

/** The public list, when the creator shows it: names and phones masked. */
export async function publicWinners(ctx: AppContext, questionnaireId: number) {
  const settings = await prizeSetOf(ctx.db, questionnaireId);
  if (!settings.publicWinners) return [];
  return (await winnerRows(ctx, questionnaireId)).map((w) => ({
    prizeName: w.prizeName,
    name: w.name ? `${[...w.name][0]}**` : "匿名",
    phone: w.phone ? `${w.phone.slice(0, 3)}****${w.phone.slice(-4)}` : "",
    createdAt: w.createdAt,
  }));
}

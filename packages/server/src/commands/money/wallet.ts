import { richTextToPlain, type WalletView } from "@wjgj/core";
import type { AppContext } from "../../context.ts";
import { type PageInput, pageOrdered } from "../../db/paging.ts";
import type { UserRow } from "../../db/tables/users.ts";
import { paymentsFor } from "../../payments/index.ts";
import { ORDER_NO } from "../../presenters/consumption.ts";
import { presentWalletRecord } from "../../presenters/money.ts";
import { readBankInfo } from "./bank-info.ts";
import { balanceOf, walletKey } from "./ledger.ts";

/** The wallet page's head: what may be spent, what is frozen, and how one can pay. */
export async function walletOf(ctx: AppContext, user: UserRow): Promise<WalletView> {
  const [balance, bank] = await Promise.all([balanceOf(ctx.db, walletKey(user.id)), readBankInfo(ctx.db)]);
  const providers = [...paymentsFor(ctx).providers.values()].map((p) => ({ name: p.name, label: p.label }));
  // 对公转账 is offered once the admin saved the site's bank account (payOrder refuses it before).
  if (bank.accountNo) providers.push({ name: "transfer", label: "对公转账" });
  return { availableFen: balance.available, frozenFen: balance.frozen, providers };
}

/**
 * Every movement of the wallet's available money, newest first. A hold takes the money when it is made
 * (提现冻结, a red packet's budget); posting the hold later moves nothing available, so that row is left
 * out unless it pays this wallet from another's hold: a paid withdrawal shows once, and the rows shown
 * always add up to the available balance.
 */
export async function listWalletRecords(ctx: AppContext, user: UserRow, input: PageInput) {
  const account = await ctx.db
    .selectFrom("ledger_accounts")
    .select("id")
    .where("key", "=", walletKey(user.id))
    .executeTakeFirst();
  if (!account) return { list: [], total: 0, pageNum: input.pageNum, pageSize: input.pageSize };
  const base = ctx.db.selectFrom("ledger_transfers").where((eb) =>
    eb.or([
      eb.and([eb("debitAccountId", "=", account.id), eb("phase", "!=", "post_pending")]),
      // Money posted from someone else's hold (a red packet received) does reach this wallet.
      eb.and([eb("creditAccountId", "=", account.id), eb("phase", "in", ["posted", "post_pending"])]),
    ]),
  );
  const page = await pageOrdered(
    base,
    input,
    [
      ["createdAt", "desc"],
      ["id", "desc"],
    ],
    (row) => row,
  );
  const details = await referenceDetails(
    ctx,
    page.list.map((row) => row.reference),
  );
  return {
    ...page,
    list: page.list.map((row) => presentWalletRecord(row, account.id, details(row.reference))),
  };
}

const QUESTIONNAIRE_REF = /^questionnaire:(\d+)$/;
const RED_PACKET_REF = /^red_packet:(\d+)$/;

/**
 * What each reference of a page of movements was about, in words: an order's number, the questionnaire a
 * red packet or an 答题空间 post paid for (by its title). References name rows by internal id
 * (`questionnaire:8`), which a person cannot read; one that names nothing shown reads as nothing.
 */
async function referenceDetails(ctx: AppContext, references: readonly string[]) {
  const packetIds = references.flatMap((ref) => RED_PACKET_REF.exec(ref)?.[1] ?? []).map(Number);
  const packets = packetIds.length
    ? await ctx.db
        .selectFrom("red_packets")
        .select(["id", "questionnaireId"])
        .where("id", "in", packetIds)
        .execute()
    : [];
  const questionnaireOfPacket = new Map(packets.map((p) => [p.id, p.questionnaireId]));
  const questionnaireIds = [
    ...references.flatMap((ref) => QUESTIONNAIRE_REF.exec(ref)?.[1] ?? []).map(Number),
    ...packets.map((p) => p.questionnaireId),
  ];
  const titles = new Map(
    questionnaireIds.length
      ? (
          await ctx.db
            .selectFrom("questionnaires")
            .select(["id", "title"])
            .where("id", "in", [...new Set(questionnaireIds)])
            .execute()
        ).map((q) => [q.id, richTextToPlain(q.title).trim().slice(0, 40) || "未命名问卷"])
      : [],
  );
  const named = (id: number | undefined) => (id === undefined ? undefined : titles.get(id));
  return (reference: string): string => {
    if (ORDER_NO.test(reference)) return `订单号 ${reference}`;
    const questionnaire = QUESTIONNAIRE_REF.exec(reference)?.[1];
    if (questionnaire) {
      const title = named(Number(questionnaire));
      return title ? `问卷《${title}》` : "问卷已删除";
    }
    const packet = RED_PACKET_REF.exec(reference)?.[1];
    if (packet) {
      const title = named(questionnaireOfPacket.get(Number(packet)));
      return title ? `问卷《${title}》的红包` : "红包";
    }
    return "";
  };
}

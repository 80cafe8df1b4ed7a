import { type Kysely, type Migration, sql } from "kysely";
import type { DialectName } from "../index.ts";

/**
 * Respondents as WeChat users (issue #39): the WeChat user a response came from, as a keyed digest of the
 * openid (每个微信号限答 N 次 counts it, as the per-IP/device limits count theirs), and the nickname and avatar
 * the respondent let WeChat share (记录微信昵称头像), sealed under the questionnaire's data key. The index is
 * partial: submits of questionnaires that do not ask for WeChat pay nothing for it.
 */
export function wechatRespondentsMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      // Compared for equality only: byte order on PostgreSQL, as the other per-source keys (migration 0091).
      const keyType = dialect === "postgres" ? sql`varchar(80) collate "C"` : sql`varchar(80)`;
      await db.schema.alterTable("responses").addColumn("wechat_key", keyType).execute();
      await db.schema.alterTable("responses").addColumn("wechat_profile", "text").execute();
      await db.schema
        .createIndex("responses_wechat_key_idx")
        .on("responses")
        .columns(["questionnaire_id", "wechat_key"])
        .where(sql.ref("wechat_key"), "is not", null)
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex("responses_wechat_key_idx").execute();
      await db.schema.alterTable("responses").dropColumn("wechat_profile").execute();
      await db.schema.alterTable("responses").dropColumn("wechat_key").execute();
    },
  };
}

import { type Kysely, type Migration, sql } from "kysely";
import type { DialectName } from "../index.ts";
import { withId } from "./helpers.ts";

/**
 * Field-level encryption of personal data (issue #36): each questionnaire's data keys, wrapped by the master
 * key (one row per generation; a rotation adds one and re-encrypts in the background), the generation a
 * response's sealed answers are under (null: written before encryption, not yet looked at; 0: nothing to seal),
 * and each re-encryption run as a report with progress.
 */
export function fieldEncryptionMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("data_keys")
        .addColumn("questionnaire_id", "integer", (c) =>
          c.notNull().references("questionnaires.id").onDelete("cascade"),
        )
        .addColumn("generation", "integer", (c) => c.notNull())
        /** `<master key id>.<AES-256-GCM of the key under the master key>`. */
        .addColumn("wrapped", "varchar(200)", (c) => c.notNull())
        .addColumn("created_at", "varchar(32)", (c) => c.notNull())
        .addPrimaryKeyConstraint("data_keys_pk", ["questionnaire_id", "generation"])
        .execute();
      await db.schema.alterTable("responses").addColumn("sealed_generation", "integer").execute();
      // Responses written before encryption, for the sealing pass to find (new ones are never null): a
      // partial index, so submits pay nothing for it.
      await db.schema
        .createIndex("responses_unsealed")
        .on("responses")
        .column("questionnaire_id")
        .where(sql.ref("sealed_generation"), "is", null)
        .execute();
      await withId(db.schema.createTable("key_rotations"), dialect)
        .addColumn("questionnaire_id", "integer", (c) =>
          c.notNull().references("questionnaires.id").onDelete("cascade"),
        )
        .addColumn("generation", "integer", (c) => c.notNull())
        .addColumn("total", "integer", (c) => c.notNull())
        .addColumn("done", "integer", (c) => c.notNull())
        .addColumn("status", "varchar(16)", (c) => c.notNull())
        .addColumn("started_at", "varchar(32)", (c) => c.notNull())
        .addColumn("finished_at", "varchar(32)")
        .execute();
      await db.schema
        .createIndex("key_rotations_questionnaire")
        .on("key_rotations")
        .column("questionnaire_id")
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("key_rotations").execute();
      await db.schema.dropIndex("responses_unsealed").execute();
      await db.schema.alterTable("responses").dropColumn("sealed_generation").execute();
      await db.schema.dropTable("data_keys").execute();
    },
  };
}

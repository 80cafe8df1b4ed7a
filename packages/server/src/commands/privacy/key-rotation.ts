import type { Fact } from "@wjgj/core";
import { iso } from "../../clock.ts";
import type { AppContext } from "../../context.ts";
import { type Db, transaction } from "../../db/index.ts";
import { enqueueJob } from "../../jobs/queue.ts";
import type { JobHandler } from "../../jobs/worker.ts";
import { generationWithProfile, resealProfile } from "../answering/wechat-respondent.ts";
import { progressUnder, resealProgress } from "../exams/attempt-store.ts";
import { candidatesUnder, resealCandidates } from "../exams/candidates.ts";
import { revisionDefinitions } from "../results/record.ts";
import { uploadStorageKey } from "../uploads/files.ts";
import { keyringOf } from "./keyring.ts";
import { openAnswers, personalOf, sealAnswers, sealFacts } from "./sealing.ts";

/**
 * Re-encryption in the background (issue #36): a data-key rotation adds the questionnaire's next generation
 * (submits seal under it within CURRENT_KEY_TTL_MS), then this job re-seals every response still under an
 * older one, batch by batch with progress in `key_rotations`, and forgets the old keys only when nothing is
 * sealed under them. The same pass seals responses written before encryption (sealed_generation null):
 * their personal answers, facts and unique values. Sealed files follow the responses (resealFiles). Submits go
 * on throughout; nothing waits on it.
 */
export const KEY_ROTATION_JOB = "keyRotation";
const BATCH = 200;

/** Responses still to do: written before encryption, or sealed under a generation below `generation`. */
function pending(db: Db, questionnaireId: number, generation: number) {
  return db
    .selectFrom("responses")
    .where("questionnaireId", "=", questionnaireId)
    .where((eb) =>
      eb.or([
        eb("sealedGeneration", "is", null),
        eb.and([eb("sealedGeneration", ">", 0), eb("sealedGeneration", "<", generation)]),
      ]),
    );
}

/**
 * Starts a run over one questionnaire: with `rotate`, under a new data key; without, only sealing what was
 * written before encryption. Answers the run's id (an unfinished run of the questionnaire is reused).
 */
export async function startKeyRotation(
  ctx: Pick<AppContext, "db" | "clock" | "storage">,
  questionnaireId: number,
  rotate: boolean,
): Promise<number> {
  const keyring = keyringOf(ctx.db);
  // Without a rotation the newest key seals what was written before encryption (made now if there is none).
  const generation = rotate
    ? await keyring.addGeneration(questionnaireId, ctx.clock.now())
    : (await keyring.forWriting(questionnaireId)).generation;
  const running = await ctx.db
    .selectFrom("key_rotations")
    .select("id")
    .where("questionnaireId", "=", questionnaireId)
    .where("status", "=", "running")
    .executeTakeFirst();
  const total = Number(
    (
      await pending(ctx.db, questionnaireId, generation)
        .select((eb) => eb.fn.countAll<number>().as("count"))
        .executeTakeFirst()
    )?.count ?? 0,
  );
  const now = ctx.clock.now();
  let id = running?.id;
  if (id === undefined) {
    const row = await ctx.db
      .insertInto("key_rotations")
      .values({
        questionnaireId,
        generation,
        total,
        done: 0,
        status: "running",
        startedAt: iso(now),
        finishedAt: null,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    id = row.id;
  } else {
    await ctx.db.updateTable("key_rotations").set({ generation, total }).where("id", "=", id).execute();
  }
  await enqueueJob(ctx.db, now, {
    kind: KEY_ROTATION_JOB,
    key: `${KEY_ROTATION_JOB}:${questionnaireId}:${generation}:${now.getTime()}`,
    payload: { rotationId: id },
    maxAttempts: 5,
  });
  return id;
}

/** Runs (or resumes, after a takeover) one rotation to its end. */
export async function runKeyRotation(
  ctx: Pick<AppContext, "db" | "clock" | "storage">,
  rotationId: number,
  signal?: AbortSignal,
): Promise<void> {
  const run = await ctx.db
    .selectFrom("key_rotations")
    .selectAll()
    .where("id", "=", rotationId)
    .executeTakeFirst();
  const keyring = keyringOf(ctx.db);
  if (!run || run.status === "done" || !keyring.enabled) return;
  let startedAt = performance.now();
  let done = run.done;
  // Batches go forward by id (each scan starts where the last ended); the last look starts over.
  let after = 0;
  for (;;) {
    signal?.throwIfAborted();
    const batch = await pending(ctx.db, run.questionnaireId, run.generation)
      .where("id", ">", after)
      .select(["id", "revisionId", "answers", "status", "sealedGeneration", "wechatProfile"])
      .orderBy("id")
      .limit(BATCH)
      .execute();
    if (batch.length === 0) {
      // A submit may still seal under the old key for CURRENT_KEY_TTL_MS after the new one was added:
      // look once more after that before the old keys go.
      const settling = keyring.settlingMs(run.questionnaireId, run.generation, startedAt);
      if (settling > 0) {
        await new Promise((resolve) => setTimeout(resolve, settling + 50));
        // Once settled, one more look from the start is the last.
        startedAt = Number.NEGATIVE_INFINITY;
        after = 0;
        continue;
      }
      break;
    }
    // Keys read per batch, before its transaction (SQLite has one connection).
    const keys = await keyring.forReading(run.questionnaireId);
    const definitions = await revisionDefinitions(
      ctx.db,
      batch.map((row) => row.revisionId),
    );
    await transaction(ctx.db, async (trx) => {
      for (const row of batch) {
        const definition = definitions.get(row.revisionId);
        const personal = definition ? personalOf(definition) : new Set<string>();
        const sealed = sealAnswers(keys, personal, openAnswers(keys, row.answers));
        // 记录微信昵称头像's profile (issue #39) goes under the new key with the answers.
        const profile = resealProfile(keys, row.wechatProfile);
        // Only if it still reads as it did (an edit in between is sealed by its own write).
        const updated = await trx
          .updateTable("responses")
          .set({
            answers: JSON.stringify(sealed.answers),
            sealedGeneration: generationWithProfile(sealed.generation ?? 0, profile, keys) ?? 0,
            wechatProfile: profile,
          })
          .where("id", "=", row.id)
          .where("answers", "=", row.answers)
          .executeTakeFirst();
        if (Number(updated.numUpdatedRows) === 0 || row.sealedGeneration !== null || personal.size === 0)
          continue;
        // Written before encryption: its personal facts and unique values become digests too.
        const facts = await trx
          .selectFrom("response_facts")
          .select(["questionId", "key", "num", "text"])
          .where("questionnaireId", "=", run.questionnaireId)
          .where("responseId", "=", row.id)
          .where("questionId", "in", [...personal])
          .execute();
        const digested = sealFacts(
          keys,
          personal,
          facts
            .filter((fact) => fact.text !== null && !fact.text.startsWith("h:"))
            .map((fact): Fact => ({ questionId: fact.questionId, key: fact.key, text: fact.text ?? "" })),
        );
        for (const fact of digested)
          await trx
            .updateTable("response_facts")
            .set({ text: fact.text ?? null, num: null })
            .where("questionnaireId", "=", run.questionnaireId)
            .where("responseId", "=", row.id)
            .where("key", "=", fact.key)
            .execute();
        const uniques = await trx
          .selectFrom("response_uniques")
          .select(["questionId", "value"])
          .where("questionnaireId", "=", run.questionnaireId)
          .where("responseId", "=", row.id)
          .where("questionId", "in", [...personal])
          .execute();
        for (const unique of uniques.filter((u) => !u.value.startsWith("h:")))
          await trx
            .updateTable("response_uniques")
            .set({ value: keys.digest(unique.questionId, unique.value) })
            .where("questionnaireId", "=", run.questionnaireId)
            .where("questionId", "=", unique.questionId)
            .where("value", "=", unique.value)
            .execute();
      }
      done += batch.length;
      after = (batch[batch.length - 1] as { id: number }).id;
      await trx.updateTable("key_rotations").set({ done }).where("id", "=", run.id).execute();
    });
  }
  await resealFiles(ctx, run.questionnaireId, run.generation, signal);
  // 考生名单 (issue #40): names, numbers and phones of the exam's candidates.
  await resealCandidates(ctx.db, run.questionnaireId);
  // Saved answers of exam attempts (sealed whole).
  await resealProgress(ctx.db, run.questionnaireId);
  // The old keys stay until `retireOldKeys` finds nothing under them an hour on (a submit slower than the
  // last look may still have sealed under one).
  await ctx.db
    .updateTable("key_rotations")
    .set({ status: "done", done, finishedAt: iso(ctx.clock.now()) })
    .where("id", "=", run.id)
    .execute();
}

/**
 * Sealed files (敏感文件, 签名) under an older generation, re-sealed under `generation` one by one: read, opened,
 * sealed again and put back under the same key (a file names its own generation, so a download in between opens
 * either version), then the row moves on. Files uploaded as the rotation started are under the new key already.
 */
async function resealFiles(
  ctx: Pick<AppContext, "db" | "storage">,
  questionnaireId: number,
  generation: number,
  signal?: AbortSignal,
): Promise<void> {
  let after = 0;
  for (;;) {
    signal?.throwIfAborted();
    const files = await ctx.db
      .selectFrom("uploads")
      .select(["id", "path", "sealedGeneration"])
      .where("questionnaireId", "=", questionnaireId)
      .where("sealedGeneration", ">", 0)
      .where("sealedGeneration", "<", generation)
      .where("id", ">", after)
      .orderBy("id")
      .limit(BATCH)
      .execute();
    if (files.length === 0) return;
    const keys = await keyringOf(ctx.db).forReading(questionnaireId);
    for (const file of files) {
      after = file.id;
      const stored = await ctx.storage.open(uploadStorageKey(file.path));
      if (stored) {
        const plain = keys.openFile(file.path, Buffer.concat(await stored.body.toArray()));
        await ctx.storage.put(uploadStorageKey(file.path), keys.sealFile(file.path, plain));
      }
      await ctx.db
        .updateTable("uploads")
        .set({ sealedGeneration: keys.generation })
        .where("id", "=", file.id)
        .where("sealedGeneration", "=", file.sealedGeneration)
        .execute();
    }
  }
}

/** How long an older generation is kept after the next one was added, at least. */
export const RETIRE_AFTER_MS = 3600_000;

/**
 * Run by the maintenance timer: forgets data keys of generations replaced more than RETIRE_AFTER_MS ago that
 * no response is sealed under any more; a questionnaire with a response still under one gets another pass.
 */
export async function retireOldKeys(ctx: Pick<AppContext, "db" | "clock" | "storage">): Promise<number> {
  const keyring = keyringOf(ctx.db);
  const cutoff = iso(new Date(ctx.clock.now().getTime() - RETIRE_AFTER_MS));
  const replaced = await ctx.db
    .selectFrom("data_keys as old")
    .innerJoin("data_keys as next", (join) =>
      join
        .onRef("next.questionnaireId", "=", "old.questionnaireId")
        .on((eb) => eb("next.generation", "=", eb("old.generation", "+", 1))),
    )
    .select(["old.questionnaireId", "old.generation"])
    .where("next.createdAt", "<", cutoff)
    .execute();
  let retired = 0;
  for (const { questionnaireId, generation } of replaced) {
    // A response or a file (敏感文件, 签名) still sealed under it.
    const stillUsed = async (table: "responses" | "uploads") =>
      (await ctx.db
        .selectFrom(table)
        .select("id")
        .where("questionnaireId", "=", questionnaireId)
        .where("sealedGeneration", "=", generation)
        .limit(1)
        .executeTakeFirst()) !== undefined;
    if (
      (await stillUsed("responses")) ||
      (await stillUsed("uploads")) ||
      (await candidatesUnder(ctx.db, questionnaireId, generation)) ||
      (await progressUnder(ctx.db, questionnaireId, generation))
    ) {
      await startKeyRotation(ctx, questionnaireId, false);
      continue;
    }
    await keyring.forget(questionnaireId, generation);
    retired += 1;
  }
  return retired;
}

export function keyRotationJobHandler(ctx: Pick<AppContext, "db" | "clock" | "storage">): JobHandler {
  return {
    async run({ payload, signal }) {
      await runKeyRotation(ctx, (payload as { rotationId: number }).rotationId, signal);
    },
  };
}

/**
 * Run by the maintenance timer: a sealing pass for each questionnaire (a few per run) that still has
 * responses written before encryption. Answers how many were started.
 */
export async function scheduleSealing(ctx: Pick<AppContext, "db" | "clock" | "storage">): Promise<number> {
  if (!keyringOf(ctx.db).enabled) return 0;
  const rows = await ctx.db
    .selectFrom("responses")
    .select("questionnaireId")
    .where("sealedGeneration", "is", null)
    .groupBy("questionnaireId")
    .limit(20)
    .execute();
  for (const row of rows) await startKeyRotation(ctx, row.questionnaireId, false);
  return rows.length;
}

import type { EncryptionStatus } from "@wjgj/core";
import { chinaDateTime, iso } from "../../clock.ts";
import type { AppContext } from "../../context.ts";
import { toCount, transaction } from "../../db/index.ts";
import { ConflictError, InvalidInputError } from "../../errors.ts";
import { enqueueJob } from "../../jobs/queue.ts";
import type { JobHandler } from "../../jobs/worker.ts";
import { recordAudit } from "../admin/audit.ts";
import { startKeyRotation } from "./key-rotation.ts";
import { keyringOf } from "./keyring.ts";

/**
 * 站点设置 · 个人信息加密 (issue #36): what protects personal data at rest here, and a data-key rotation of the
 * whole installation started by an admin. The rotation is a sweep job that gives every questionnaire whose current
 * key is older than the click its next key and its own re-encryption run (key-rotation.ts): submits go on, each
 * run reports its progress, and a sweep taken over by another instance carries on where the keys say it was.
 */
export const KEY_SWEEP_JOB = "keyRotationSweep";
const SWEEP_BATCH = 200;

export async function encryptionStatus(ctx: Pick<AppContext, "db">): Promise<EncryptionStatus> {
  const keyring = keyringOf(ctx.db);
  const current = ctx.db
    .selectFrom("data_keys")
    .select((eb) => ["questionnaireId", eb.fn.max("createdAt").as("newest")])
    .groupBy("questionnaireId");
  const keys = await ctx.db
    .selectFrom(current.as("k"))
    .select((eb) => [eb.fn.countAll().as("count"), eb.fn.min("k.newest").as("oldest")])
    .executeTakeFirst();
  const rotated = await ctx.db
    .selectFrom("data_keys")
    .select((eb) => eb.fn.max("createdAt").as("at"))
    .where("generation", ">", 1)
    .executeTakeFirst();
  const unsealed = await ctx.db
    .selectFrom("responses")
    .select((eb) => eb.fn.countAll().as("count"))
    .where("sealedGeneration", "is", null)
    .executeTakeFirst();
  const files = await ctx.db
    .selectFrom("uploads")
    .select((eb) => eb.fn.countAll().as("count"))
    .where("sealedGeneration", ">", 0)
    .executeTakeFirst();
  const runs = await ctx.db
    .selectFrom("key_rotations")
    .select((eb) => [
      eb.fn.countAll().as("count"),
      eb.fn.sum<number>("done").as("done"),
      eb.fn.sum<number>("total").as("total"),
    ])
    .where("status", "=", "running")
    .executeTakeFirst();
  const sweep = await ctx.db
    .selectFrom("jobs")
    .select("id")
    .where("kind", "=", KEY_SWEEP_JOB)
    .where("status", "in", ["queued", "running"])
    .executeTakeFirst();
  const ids = keyring.masterIds;
  const when = (value: unknown) => (typeof value === "string" && value !== "" ? chinaDateTime(value) : "");
  return {
    enabled: keyring.enabled,
    masterKeyId: ids.current,
    masterKeySource: keyring.masterSource,
    previousMasterKeyId: ids.previous ?? "",
    questionnaires: toCount(keys),
    oldestKeyAt: when(keys?.oldest),
    lastRotatedAt: when(rotated?.at),
    unsealedResponses: toCount(unsealed),
    sealedFiles: toCount(files),
    rotation: {
      queued: sweep !== undefined,
      running: toCount(runs),
      done: Number(runs?.done ?? 0),
      total: Number(runs?.total ?? 0),
    },
  };
}

/** `admin/security/rotateDataKeys`: queues the sweep (refused while one is underway), written to the audit log. */
export async function rotateAllDataKeys(ctx: AppContext, adminId: number): Promise<EncryptionStatus> {
  if (!keyringOf(ctx.db).enabled) throw InvalidInputError.field("enabled", "encryptionOff");
  const before = await encryptionStatus(ctx);
  if (before.rotation.queued || before.rotation.running > 0) throw new ConflictError("keyRotationRunning");
  const now = ctx.clock.now();
  await transaction(ctx.db, async (trx) => {
    await recordAudit(trx, iso(now), {
      adminId,
      action: "rotateKeys",
      entity: "dataKeys",
      entityId: "all",
      before: { questionnaires: before.questionnaires, oldestKeyAt: before.oldestKeyAt },
      after: { keysBefore: chinaDateTime(iso(now)) },
    });
    await enqueueJob(trx, now, {
      kind: KEY_SWEEP_JOB,
      key: `${KEY_SWEEP_JOB}:${now.getTime()}`,
      payload: { before: iso(now) },
      maxAttempts: 5,
    });
  });
  return encryptionStatus(ctx);
}

/** Gives each questionnaire whose current key was made before `before` its next key and re-encryption run. */
export async function sweepDataKeys(
  ctx: Pick<AppContext, "db" | "clock" | "storage">,
  before: string,
  signal?: AbortSignal,
): Promise<number> {
  let started = 0;
  let after = 0;
  for (;;) {
    signal?.throwIfAborted();
    const due = await ctx.db
      .selectFrom("data_keys")
      .select("questionnaireId")
      .where("questionnaireId", ">", after)
      .groupBy("questionnaireId")
      .having((eb) => eb.fn.max("createdAt"), "<", before)
      .orderBy("questionnaireId")
      .limit(SWEEP_BATCH)
      .execute();
    if (due.length === 0) return started;
    // Each run waits until no submit can still seal under the old key (CURRENT_KEY_TTL_MS from its new key):
    // a batch's keys are all added before its runs start, so that wait overlaps instead of adding up.
    for (const { questionnaireId } of due) {
      await startKeyRotation(ctx, questionnaireId, true);
      after = questionnaireId;
      started += 1;
    }
  }
}

export function keySweepJobHandler(ctx: Pick<AppContext, "db" | "clock" | "storage">): JobHandler {
  return {
    async run({ payload, signal }) {
      await sweepDataKeys(ctx, (payload as { before: string }).before, signal);
    },
  };
}

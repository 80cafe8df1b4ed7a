import { sql } from "kysely";
import type { Db } from "../../db/index.ts";
import { preparedQuery } from "../../db/prepared.ts";
import { effectiveVipLevel, entitlementsFromLimits } from "../money/membership.ts";

/**
 * What a submit needs of the questionnaire owner's level (issue #16): the responses per questionnaire it
 * allows, with the values it was computed from — the owner's level and stop time and the `limits` of
 * level 0 and of that level (the stamp). Remembered per owner and database, never trusted on its own:
 * the store compares the stamp with the database in the same statement (PostgreSQL) or transaction
 * (SQLite) that inserts the response, and a submit whose stamp no longer matches stores nothing and
 * starts again from a fresh read. A level changed on any instance is therefore seen by the next submit,
 * with no round trip of its own on the way.
 */
export interface OwnerTerms {
  ownerId: number;
  vipLevel: number;
  vipStopTime: string | null;
  freeLimits: string | null;
  levelLimits: string | null;
  /** Responses per questionnaire the level allows now; negative: no cap. */
  cap: number;
  /** Until when `cap` holds (ms since the epoch): a paid level lapses at its stop time. */
  validUntil: number;
}

type Stamp = Pick<OwnerTerms, "vipLevel" | "vipStopTime" | "freeLimits" | "levelLimits">;

const ownerStamp = preparedQuery<Stamp, { ownerId: number }>((db, p) =>
  db
    .selectFrom("users")
    .select(["vipLevel", "vipStopTime"])
    .select((eb) => [
      eb.selectFrom("vip_sets").select("limits").where("level", "=", sql.lit(0)).as("freeLimits"),
      eb
        .selectFrom("vip_sets")
        .select("limits")
        .whereRef("vip_sets.level", "=", "users.vipLevel")
        .as("levelLimits"),
    ])
    .where("users.id", "=", p.ownerId),
);

/** Terms computed from a stamp as read (a missing owner counts as level 0, as `ownerEntitlements` does). */
export function termsOf(ownerId: number, stamp: Stamp | undefined, now: Date): OwnerTerms {
  const read = stamp ?? { vipLevel: 0, vipStopTime: null, freeLimits: null, levelLimits: null };
  const level = effectiveVipLevel(read, now);
  const { responsesPerQuestionnaire } = entitlementsFromLimits(level, read.freeLimits, read.levelLimits);
  return {
    ownerId,
    vipLevel: read.vipLevel,
    vipStopTime: read.vipStopTime,
    freeLimits: read.freeLimits ?? null,
    levelLimits: read.levelLimits ?? null,
    cap: responsesPerQuestionnaire,
    validUntil: level > 0 && read.vipStopTime ? Date.parse(read.vipStopTime) : Number.POSITIVE_INFINITY,
  };
}

/** Whether the database still reads as the terms were computed from (a missing owner as level 0). */
export function sameStamp(terms: OwnerTerms, stamp: Stamp | undefined): boolean {
  const read = stamp ?? { vipLevel: 0, vipStopTime: null, freeLimits: null, levelLimits: null };
  return (
    terms.vipLevel === read.vipLevel &&
    terms.vipStopTime === read.vipStopTime &&
    terms.freeLimits === (read.freeLimits ?? null) &&
    terms.levelLimits === (read.levelLimits ?? null)
  );
}

const remembered = new WeakMap<Db, Map<number, OwnerTerms>>();
const LIMIT = 1000;

/** The owner's terms: remembered ones while their level has not lapsed, else read (one statement). */
export async function ownerTerms(db: Db, ownerId: number, now: Date): Promise<OwnerTerms> {
  let byOwner = remembered.get(db);
  if (!byOwner) {
    byOwner = new Map();
    remembered.set(db, byOwner);
  }
  const known = byOwner.get(ownerId);
  if (known && now.getTime() < known.validUntil) return known;
  const terms = termsOf(ownerId, (await ownerStamp.execute(db, { ownerId })).rows[0], now);
  byOwner.delete(ownerId);
  byOwner.set(ownerId, terms);
  if (byOwner.size > LIMIT) byOwner.delete(byOwner.keys().next().value as number);
  return terms;
}

/** Drops the remembered terms after a store found the stamp changed: the next read is fresh. */
export function forgetOwnerTerms(db: Db, ownerId: number): void {
  remembered.get(db)?.delete(ownerId);
}

import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { MessageKey } from "@wjgj/core";
import type { Config } from "../../config.ts";
import type { AppContext } from "../../context.ts";
import type { Db } from "../../db/index.ts";
import { writeFileDurably } from "../../durable-write.ts";
import { InvalidInputError } from "../../errors.ts";
import { hmacSha256, safeEqual } from "../../security/hashing.ts";

/**
 * The answering-session token: `anQuestion/getQuestionary` hands one to a page that may answer (past its
 * password and login gates), and `questionAnswer` and the upload calls want it back. It is signed with a
 * server secret and binds the questionnaire, the revision the page shows and an expiry, so a submission
 * must come from a page that really opened this revision recently. Its random `session` part is what
 * uploads are filed under: a response can only claim files its own page uploaded.
 *
 * Format: `{publicId}.{revisionId}.{expiresAt seconds}.{session}.{mac}`, all URL-safe (≤ 90 characters).
 */
export const ANSWER_TOKEN_TTL_SECONDS = 12 * 3600;

/** Part of everything signed, so a MAC made for another purpose with the same key never verifies here. */
const PURPOSE = "wjgj-answer-token-v1";
const MAC_BYTES = 16;
export const ANSWER_TOKEN_PATTERN =
  /^[0-9A-Za-z]{6,16}\.\d{1,15}\.\d{1,12}\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{22}$/;

const generatedKeys = new Map<string, string>();

/** A generated key is 32 random bytes as 64 hex characters; anything else is a damaged file. */
const KEY_PATTERN = /^[0-9a-f]{64}$/;

export function answerTokenKeyPath(config: Config): string {
  return path.join(config.dataDir, "secrets", "answer-token.key");
}

/**
 * Run once at start (buildApp): without ANSWER_TOKEN_SECRET, reads the key kept under DATA_DIR, creating
 * it durably on first start. An empty or short key file (left by a crash before writes were durable, or
 * by hand) would sign tokens with a key anyone can guess: the server refuses to start and says what to do.
 * With a shared database (`shared`, on PostgreSQL) the first instance's key is kept there and every
 * instance signs with it, so a page opened through one instance submits through another.
 */
export async function prepareAnswerTokenKey(config: Config, shared?: Db): Promise<void> {
  if (config.answerTokenSecret || generatedKeys.has(config.dataDir)) return;
  const file = answerTokenKeyPath(config);
  try {
    await writeFileDurably(file, randomBytes(32).toString("hex"), {
      mode: 0o600,
      dirMode: 0o700,
      exclusive: true,
    });
  } catch (error) {
    // Another process (or an earlier start) made it first: use theirs.
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  const secret = (await fs.promises.readFile(file, "utf8")).trim();
  if (!KEY_PATTERN.test(secret)) {
    throw new Error(
      `答题令牌密钥文件 ${file} 为空或已损坏（应为 64 位十六进制字符），服务不会用它签发令牌。` +
        "请删除该文件后重启以生成新密钥（此前打开的答题页需刷新后再提交），或设置环境变量 ANSWER_TOKEN_SECRET。",
    );
  }
  generatedKeys.set(config.dataDir, shared ? await sharedKey(shared, secret) : secret);
}

async function sharedKey(db: Db, own: string): Promise<string> {
  await db
    .insertInto("server_secrets")
    .values({ name: "answerTokenKey", value: own, createdAt: new Date().toISOString() })
    .onConflict((oc) => oc.column("name").doNothing())
    .execute();
  const row = await db
    .selectFrom("server_secrets")
    .select("value")
    .where("name", "=", "answerTokenKey")
    .executeTakeFirstOrThrow();
  return row.value;
}

/** ANSWER_TOKEN_SECRET when configured (set it when several servers share a database), else the kept key. */
function tokenSecret(config: Config): string {
  if (config.answerTokenSecret) return config.answerTokenSecret;
  const known = generatedKeys.get(config.dataDir);
  if (!known) throw new Error("answer-token key not prepared: buildApp runs prepareAnswerTokenKey");
  return known;
}

/**
 * A MAC of `body` under the server's signing key (the answer-token key), for another `purpose`: other
 * signed links (export files) share the key without sharing a meaning, since the purpose is signed too.
 */
export function serverMac(config: Config, purpose: string, body: string, bytes = MAC_BYTES): string {
  return hmacSha256(`${purpose}:${body}`, tokenSecret(config)).subarray(0, bytes).toString("base64url");
}

function mac(config: Config, body: string): string {
  return hmacSha256(`${PURPOSE}:${body}`, tokenSecret(config)).subarray(0, MAC_BYTES).toString("base64url");
}

export function issueAnswerToken(ctx: AppContext, publicId: string, revisionId: number): string {
  const expiresAt = Math.floor(ctx.clock.now().getTime() / 1000) + ANSWER_TOKEN_TTL_SECONDS;
  const session = randomBytes(16).toString("base64url");
  const body = `${publicId}.${revisionId}.${expiresAt}.${session}`;
  return `${body}.${mac(ctx.config, body)}`;
}

export interface AnswerTokenClaims {
  publicId: string;
  revisionId: number;
  expiresAt: number;
  session: string;
}

function refuse(key: MessageKey): never {
  throw InvalidInputError.field("answerToken", key);
}

/**
 * The token's claims when it is genuine, unexpired and for the expected questionnaire and revision (each
 * when given); otherwise a 400 on the field `answerToken` saying what to do.
 */
export function verifyAnswerToken(
  ctx: AppContext,
  token: string | undefined,
  expected: { publicId?: string; revisionId?: number },
): AnswerTokenClaims {
  if (!token) refuse("answerTokenMissing");
  if (!ANSWER_TOKEN_PATTERN.test(token)) refuse("answerTokenInvalid");
  const cut = token.lastIndexOf(".");
  const body = token.slice(0, cut);
  const given = Buffer.from(token.slice(cut + 1), "base64url");
  if (!safeEqual(given, Buffer.from(mac(ctx.config, body), "base64url"))) refuse("answerTokenInvalid");
  const [publicId = "", revision = "", expires = "", session = ""] = body.split(".");
  const claims = { publicId, revisionId: Number(revision), expiresAt: Number(expires), session };
  if (expected.publicId !== undefined && claims.publicId !== expected.publicId) refuse("answerTokenInvalid");
  if (expected.revisionId !== undefined && claims.revisionId !== expected.revisionId)
    refuse("answerTokenInvalid");
  if (ctx.clock.now().getTime() / 1000 >= claims.expiresAt) refuse("answerTokenExpired");
  return claims;
}

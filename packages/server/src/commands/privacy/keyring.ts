import { createHmac } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { type Clock, systemClock } from "../../clock.ts";
import type { Config } from "../../config.ts";
import type { Db } from "../../db/index.ts";
import { writeFileDurably } from "../../durable-write.ts";
import { decodeKey, digest, newKey, open, openBytes, seal, sealBytes } from "../../security/field-crypto.ts";

/**
 * Envelope encryption of personal data (issue #36). A master key from configuration (MASTER_KEY, or a key
 * generated once in DATA_DIR/keys/master.key) wraps each questionnaire's data keys — one per generation, a
 * rotation adds the next — and one digest key for lookups. The database holds only wrapped keys; a backup of
 * it, without the master key, holds no readable personal answer.
 *
 * One keyring per database handle (`openKeyring` at start, in buildApp), found with `keyringOf(db)`.
 */

interface MasterKey {
  id: string;
  key: Buffer;
}

const CHECK_NAME = "masterKeyCheck";
const DIGEST_NAME = "personalDigestKey";
const CHECK_TEXT = "wjgj master key";
/** How long a submit trusts the newest generation it read: a rotation waits this long before it finishes. */
export const CURRENT_KEY_TTL_MS = 2000;

function masterOf(key: Buffer): MasterKey {
  const id = `m${createHmac("sha256", key).update("wjgj master key id").digest("hex").slice(0, 12)}`;
  return { id, key };
}

export function masterKeyPath(config: Config): string {
  return path.join(config.dataDir, "keys", "master.key");
}

/** The master key refused at start, with what to do, in the operator's language. */
export class MasterKeyError extends Error {}

async function configuredMaster(config: Config): Promise<{ master: MasterKey; source: string }> {
  if (config.masterKey) {
    const key = decodeKey(config.masterKey);
    if (!key)
      throw new MasterKeyError(
        "环境变量 MASTER_KEY 格式不对：应为 32 字节随机数，写作 64 位十六进制或 base64。",
      );
    return { master: masterOf(key), source: "环境变量 MASTER_KEY" };
  }
  const file = masterKeyPath(config);
  try {
    await writeFileDurably(file, `${newKey().toString("hex")}\n`, {
      mode: 0o600,
      dirMode: 0o700,
      exclusive: true,
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  const key = decodeKey(await fs.promises.readFile(file, "utf8"));
  if (!key)
    throw new MasterKeyError(
      `主密钥文件 ${file} 为空或已损坏（应为 64 位十六进制字符），服务不会用它解密个人信息。请从密钥备份恢复该文件，或设置环境变量 MASTER_KEY。`,
    );
  return { master: masterOf(key), source: `主密钥文件 ${file}` };
}

function wrap(master: MasterKey, key: Buffer, purpose: string): string {
  return `${master.id}.${seal(master.key, key, purpose)}`;
}

function unwrap(masters: readonly MasterKey[], wrapped: string, purpose: string): Buffer | null {
  const dot = wrapped.indexOf(".");
  const master = masters.find((candidate) => candidate.id === wrapped.slice(0, dot));
  return master ? open(master.key, wrapped.slice(dot + 1), purpose) : null;
}

const dataKeyPurpose = (questionnaireId: number, generation: number) =>
  `data key ${questionnaireId}/${generation}`;

/** A sealed value: `enc:v1:<generation>:<AES-GCM>`, bound to its questionnaire and its place in it. */
const SEALED = /^enc:v1:(\d+):([A-Za-z0-9_-]+)$/;

export function isSealed(value: unknown): value is string {
  return typeof value === "string" && value.startsWith("enc:v1:");
}

const FILE_MAGIC = Buffer.from("wjenc1\n", "latin1");

/** The generation a sealed file says it is under, or null when the bytes are not a sealed file. */
export function sealedFileGeneration(data: Buffer): number | null {
  if (data.length < FILE_MAGIC.length + 4 || !data.subarray(0, FILE_MAGIC.length).equals(FILE_MAGIC))
    return null;
  return data.readUInt32BE(FILE_MAGIC.length);
}

/** A questionnaire's keys as one call needs them: the newest for sealing, every known one for opening. */
export class QuestionnaireKeys {
  constructor(
    readonly questionnaireId: number,
    /** The generation new values are sealed under; 0 when encryption is off (values stay as they are). */
    readonly generation: number,
    private readonly keys: ReadonlyMap<number, Buffer>,
    private readonly digestKey: Buffer | null,
  ) {}

  private where(place: string): string {
    return `${this.questionnaireId}/${place}`;
  }

  /** `text` sealed under the newest generation for `place` (a question, or a response's sealed part). */
  sealText(place: string, text: string): string {
    const key = this.keys.get(this.generation);
    if (this.generation === 0 || !key) throw new Error("sealing with encryption off");
    return `enc:v1:${this.generation}:${seal(key, text, this.where(place))}`;
  }

  /** The plaintext of a value sealed for `place`; throws when it does not open (another place, a lost key). */
  openText(place: string, value: string): string {
    const match = SEALED.exec(value);
    const key = match ? this.keys.get(Number(match[1])) : undefined;
    const plain = key && match ? open(key, match[2] as string, this.where(place)) : null;
    if (plain === null)
      throw new Error(`a sealed value of questionnaire ${this.questionnaireId} does not open with its keys`);
    return plain.toString("utf8");
  }

  /**
   * A file's bytes sealed under the newest generation for its storage key: `FILE_MAGIC | generation (4 bytes) |
   * iv | ciphertext | tag`. The generation travels with the file, so a rotation may re-seal it at any time.
   */
  sealFile(storageKey: string, data: Buffer): Buffer {
    const key = this.keys.get(this.generation);
    if (this.generation === 0 || !key) throw new Error("sealing with encryption off");
    const generation = Buffer.alloc(4);
    generation.writeUInt32BE(this.generation);
    return Buffer.concat([FILE_MAGIC, generation, sealBytes(key, data, this.where(`file:${storageKey}`))]);
  }

  /** A sealed file's plaintext; throws when it does not open (another key, another place, damaged). */
  openFile(storageKey: string, data: Buffer): Buffer {
    const generation = sealedFileGeneration(data);
    const key = generation === null ? undefined : this.keys.get(generation);
    const plain = key
      ? openBytes(key, data.subarray(FILE_MAGIC.length + 4), this.where(`file:${storageKey}`))
      : null;
    if (plain === null)
      throw new Error(`a sealed file of questionnaire ${this.questionnaireId} does not open with its keys`);
    return plain;
  }

  /** Whether values are sealed and digested (encryption on); off, everything stays as it was. */
  get sealing(): boolean {
    return this.digestKey !== null;
  }

  /** A lookup digest of a personal value (`h:` + keyed HMAC); the value itself when encryption is off. */
  digest(questionId: string, text: string): string {
    if (!this.digestKey) return text;
    return `h:${digest(this.digestKey, `${this.questionnaireId}\u0000${questionId}\u0000${text}`)}`;
  }
}

export class Keyring {
  /** Unwrapped data keys by questionnaire, then generation. */
  private readonly keys = new Map<number, Map<number, Buffer>>();
  private readonly current = new Map<number, { generation: number; readAt: number }>();
  /** When this instance added a generation (performance.now()), for the rotation's last look. */
  private readonly added = new Map<string, number>();

  constructor(
    private readonly db: Db,
    /** The app's clock: a key's `createdAt` is what a sweep of 站点设置 · 轮换数据密钥 compares against. */
    private readonly clock: Clock,
    private readonly masters: readonly MasterKey[],
    /** Where the master key came from (shown to admins with its id, never the key). */
    readonly masterSource: string,
    private readonly digestKey: Buffer,
    /** PERSONAL_DATA_ENCRYPTION; the submit bench switches it between rounds to measure what sealing costs. */
    public enabled: boolean,
  ) {}

  /**
   * Keys to seal with: the newest generation, remembered for CURRENT_KEY_TTL_MS (a submit spends no query on
   * it), created on a questionnaire's first sealed answer.
   */
  async forWriting(questionnaireId: number): Promise<QuestionnaireKeys> {
    if (!this.enabled) return new QuestionnaireKeys(questionnaireId, 0, new Map(), null);
    const known = this.current.get(questionnaireId);
    if (known && performance.now() - known.readAt < CURRENT_KEY_TTL_MS)
      return this.keysOf(questionnaireId, known.generation);
    let generation = await this.load(questionnaireId);
    if (generation === 0) {
      await this.db
        .insertInto("data_keys")
        .values({
          questionnaireId,
          generation: 1,
          wrapped: wrap(this.newest(), newKey(), dataKeyPurpose(questionnaireId, 1)),
          createdAt: this.clock.now().toISOString(),
        })
        .onConflict((oc) => oc.columns(["questionnaireId", "generation"]).doNothing())
        .execute();
      generation = await this.load(questionnaireId);
    }
    this.current.set(questionnaireId, { generation, readAt: performance.now() });
    return this.keysOf(questionnaireId, generation);
  }

  /** Keys to open with: every generation the questionnaire has, read now (a rotation may just have added one). */
  async forReading(questionnaireId: number): Promise<QuestionnaireKeys> {
    const generation = await this.load(questionnaireId);
    return this.keysOf(questionnaireId, this.enabled ? generation : 0);
  }

  /** Adds the next generation (a rotation's first step) and returns it; sealing moves to it within the TTL. */
  async addGeneration(questionnaireId: number, now: Date): Promise<number> {
    const newest = await this.load(questionnaireId);
    const generation = newest + 1;
    await this.db
      .insertInto("data_keys")
      .values({
        questionnaireId,
        generation,
        wrapped: wrap(this.newest(), newKey(), dataKeyPurpose(questionnaireId, generation)),
        createdAt: now.toISOString(),
      })
      .onConflict((oc) => oc.columns(["questionnaireId", "generation"]).doNothing())
      .execute();
    this.current.delete(questionnaireId);
    this.added.set(`${questionnaireId}:${generation}`, performance.now());
    return this.load(questionnaireId);
  }

  /**
   * How long until no submit of any instance can still seal under a generation below `generation` (0 when none
   * can): CURRENT_KEY_TTL_MS after it was added; counted from `since` when another instance added it.
   */
  settlingMs(questionnaireId: number, generation: number, since: number): number {
    if (generation <= 1) return 0;
    const added = this.added.get(`${questionnaireId}:${generation}`) ?? since;
    return Math.max(0, added + CURRENT_KEY_TTL_MS - performance.now());
  }

  /** Forgets one replaced generation (nothing is sealed under it any more: key-rotation.ts retireOldKeys). */
  async forget(questionnaireId: number, generation: number): Promise<void> {
    await this.db
      .deleteFrom("data_keys")
      .where("questionnaireId", "=", questionnaireId)
      .where("generation", "=", generation)
      .execute();
    this.keys.get(questionnaireId)?.delete(generation);
  }

  /**
   * A lookup digest of a value at `place` of a questionnaire (`QuestionnaireKeys.digest`), without reading its
   * data keys: digests need only the digest key, so this may run inside a transaction. The value itself when
   * encryption is off.
   */
  digestAt(questionnaireId: number, place: string, text: string): string {
    return this.keysOf(questionnaireId, 0).digest(place, text);
  }

  /**
   * A small secret the site must use again in clear (a webhook's signing secret: it signs, so it cannot be a
   * hash), wrapped under the newest master key for `purpose`, as data keys are: `<master id>.<AES-GCM>`.
   */
  wrapSecret(secret: Buffer, purpose: string): string {
    return wrap(this.newest(), secret, purpose);
  }

  /** A secret from `wrapSecret`, under any configured master key; null when none opens it. */
  unwrapSecret(wrapped: string, purpose: string): Buffer | null {
    return unwrap(this.masters, wrapped, purpose);
  }

  /** The master key's id (a fingerprint: `m` + 12 hex) and whether a previous one is configured too. */
  get masterIds(): { current: string; previous: string | null } {
    return { current: this.newest().id, previous: this.masters[1]?.id ?? null };
  }

  private newest(): MasterKey {
    return this.masters[0] as MasterKey;
  }

  private keysOf(questionnaireId: number, generation: number): QuestionnaireKeys {
    const keys = this.keys.get(questionnaireId) ?? new Map<number, Buffer>();
    return new QuestionnaireKeys(questionnaireId, generation, keys, this.enabled ? this.digestKey : null);
  }

  /** Unwraps the questionnaire's generations not yet known; the newest generation (0: none yet). */
  private async load(questionnaireId: number): Promise<number> {
    const rows = await this.db
      .selectFrom("data_keys")
      .select(["generation", "wrapped"])
      .where("questionnaireId", "=", questionnaireId)
      .execute();
    let newest = 0;
    let known = this.keys.get(questionnaireId);
    for (const row of rows) {
      newest = Math.max(newest, row.generation);
      if (known?.has(row.generation)) continue;
      const key = unwrap(this.masters, row.wrapped, dataKeyPurpose(questionnaireId, row.generation));
      if (!key)
        throw new Error(
          `data key ${questionnaireId}/${row.generation} does not unwrap with the configured master keys`,
        );
      if (!known) {
        known = new Map();
        this.keys.set(questionnaireId, known);
      }
      known.set(row.generation, key);
    }
    return newest;
  }
}

const keyrings = new WeakMap<Db, Keyring>();

/** The keyring `openKeyring` opened for this database handle. */
export function keyringOf(db: Db): Keyring {
  const keyring = keyrings.get(db);
  if (!keyring) throw new Error("the keyring is not open: buildApp runs openKeyring");
  return keyring;
}

/**
 * At start, before anything reads or writes personal data: checks the master key against the one the database
 * was written with (a check value sealed under it), re-wraps keys when MASTER_KEY_PREVIOUS names the old
 * master key of a rotation, and refuses to start — with what to do — when the key is not the database's.
 */
export async function openKeyring(config: Config, db: Db, clock: Clock = systemClock): Promise<Keyring> {
  const { master, source } = await configuredMaster(config);
  const previousKey = config.masterKeyPrevious ? decodeKey(config.masterKeyPrevious) : null;
  if (config.masterKeyPrevious && !previousKey)
    throw new MasterKeyError(
      "环境变量 MASTER_KEY_PREVIOUS 格式不对：应为 32 字节随机数，写作 64 位十六进制或 base64。",
    );
  const previous = previousKey ? masterOf(previousKey) : null;
  const masters = previous && previous.id !== master.id ? [master, previous] : [master];

  await db
    .insertInto("server_secrets")
    .values({
      name: CHECK_NAME,
      value: wrap(master, Buffer.from(CHECK_TEXT), CHECK_NAME),
      createdAt: new Date().toISOString(),
    })
    .onConflict((oc) => oc.column("name").doNothing())
    .execute();
  const check = await secret(db, CHECK_NAME);
  const checked = unwrap(masters, check, CHECK_NAME);
  if (!checked || checked.toString() !== CHECK_TEXT)
    throw new MasterKeyError(
      `主密钥与数据库不符：数据库中的个人信息是用另一把主密钥（${check.slice(0, check.indexOf("."))}）加密的，` +
        `${source}（${master.id}）解不开。服务不会在密钥不符时启动，以免读出乱码或写入无法解密的数据。` +
        "请配置原来的主密钥；轮换主密钥时，把新密钥设为 MASTER_KEY、原密钥设为 MASTER_KEY_PREVIOUS。",
    );
  if (masters.length > 1) await rewrapUnder(db, master, masters);

  await db
    .insertInto("server_secrets")
    .values({
      name: DIGEST_NAME,
      value: wrap(master, newKey(), DIGEST_NAME),
      createdAt: new Date().toISOString(),
    })
    .onConflict((oc) => oc.column("name").doNothing())
    .execute();
  const digestKey = unwrap(masters, await secret(db, DIGEST_NAME), DIGEST_NAME);
  if (!digestKey)
    throw new MasterKeyError("个人信息摘要密钥无法用主密钥解开：数据库中的密钥已损坏，服务不会启动。");

  const keyring = new Keyring(db, clock, masters, source, digestKey, config.personalDataEncryption);
  keyrings.set(db, keyring);
  return keyring;
}

async function secret(db: Db, name: string): Promise<string> {
  const row = await db
    .selectFrom("server_secrets")
    .select("value")
    .where("name", "=", name)
    .executeTakeFirstOrThrow();
  return row.value;
}

/**
 * A master-key rotation: the check value, the digest key and every data key wrapped under the previous master
 * key are wrapped again under the new one (each row only if it is still as read, so instances starting
 * together agree). Values are not touched: they are sealed under data keys, which stay the same.
 */
async function rewrapUnder(db: Db, master: MasterKey, masters: readonly MasterKey[]): Promise<void> {
  const stale = (wrapped: string) => !wrapped.startsWith(`${master.id}.`);
  for (const name of [CHECK_NAME, DIGEST_NAME]) {
    const row = await db
      .selectFrom("server_secrets")
      .select("value")
      .where("name", "=", name)
      .executeTakeFirst();
    if (!row || !stale(row.value)) continue;
    const key = unwrap(masters, row.value, name);
    if (!key) continue;
    await db
      .updateTable("server_secrets")
      .set({ value: wrap(master, key, name) })
      .where("name", "=", name)
      .where("value", "=", row.value)
      .execute();
  }
  const rows = await db
    .selectFrom("data_keys")
    .select(["questionnaireId", "generation", "wrapped"])
    .execute();
  for (const row of rows) {
    if (!stale(row.wrapped)) continue;
    const purpose = dataKeyPurpose(row.questionnaireId, row.generation);
    const key = unwrap(masters, row.wrapped, purpose);
    if (!key)
      throw new MasterKeyError(
        `数据密钥 ${row.questionnaireId}/${row.generation} 无法用已配置的主密钥解开，服务不会启动。`,
      );
    await db
      .updateTable("data_keys")
      .set({ wrapped: wrap(master, key, purpose) })
      .where("questionnaireId", "=", row.questionnaireId)
      .where("generation", "=", row.generation)
      .where("wrapped", "=", row.wrapped)
      .execute();
  }
}

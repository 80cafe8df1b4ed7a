import fs from "node:fs/promises";
import path from "node:path";
import { FactBitsets } from "./fact-bitsets.ts";

/**
 * A questionnaire's fact bitset index on disk, so a restart (or deploy) reads it back in one file read
 * instead of rebuilding it from every stored fact. Layout: "WJGJIDX1", a little-endian u32 header length,
 * the header (JSON: counts, keys, which arrays follow), then each array's bytes at an 8-byte boundary.
 * Written to a temporary name and renamed, so a reader never sees half a file. A snapshot is only a
 * starting point: the cache checks it against the database and appends what came after it.
 */
const MAGIC = "WJGJIDX1";
/** Bumped when the layout or the meaning of what is kept changes: older snapshots are then ignored. */
export const SNAPSHOT_FORMAT = 1;

type ArrayKind = "u32" | "u8" | "i32" | "u16" | "f64";
const constructors = {
  u32: Uint32Array,
  u8: Uint8Array,
  i32: Int32Array,
  u16: Uint16Array,
  f64: Float64Array,
} as const;

/** Any of the arrays an index keeps, whatever buffer it views. */
type Encodable = Uint32Array | Uint8Array | Int32Array | Uint16Array | Float64Array;

const kindOf = (array: Encodable): ArrayKind =>
  array instanceof Uint32Array
    ? "u32"
    : array instanceof Uint8Array
      ? "u8"
      : array instanceof Int32Array
        ? "i32"
        : array instanceof Uint16Array
          ? "u16"
          : "f64";

const align = (n: number) => Math.ceil(n / 8) * 8;

/** The snapshot of one index as buffers to write one after another (no copy of the arrays). */
export function encodeSnapshot(questionnaireId: number, index: FactBitsets): Buffer[] {
  const parts = index.parts();
  const arrays: Encodable[] = [];
  const ref = (array: Encodable | null) => {
    if (array === null) return null;
    arrays.push(array);
    return { kind: kindOf(array), length: array.length };
  };
  const postings = (list: typeof parts.keys) =>
    list.map((p) => ({
      key: p.key,
      questionId: p.questionId,
      keyNum: p.keyNum,
      count: p.count,
      words: ref(p.words),
      positions: ref(p.positions),
      valuePositions: ref(p.valuePositions),
      values: ref(p.values),
    }));
  const header = {
    format: SNAPSHOT_FORMAT,
    questionnaireId,
    size: parts.size,
    version: parts.version,
    sources: parts.sources,
    ids: ref(parts.ids),
    statuses: ref(parts.statuses),
    days: ref(parts.days),
    sourceCodes: ref(parts.sourceCodes),
    keys: postings(parts.keys),
    questions: postings(parts.questions),
  };
  const json = Buffer.from(JSON.stringify(header));
  const start = Buffer.alloc(align(MAGIC.length + 4 + json.length));
  start.write(MAGIC, 0, "latin1");
  start.writeUInt32LE(json.length, MAGIC.length);
  json.copy(start, MAGIC.length + 4);
  const buffers: Buffer[] = [start];
  for (const array of arrays) {
    buffers.push(Buffer.from(array.buffer, array.byteOffset, array.byteLength));
    const pad = align(array.byteLength) - array.byteLength;
    if (pad > 0) buffers.push(Buffer.alloc(pad));
  }
  return buffers;
}

interface ArrayRef {
  kind: ArrayKind;
  length: number;
}

/** The index kept in `bytes`, or null when it is not a snapshot of this questionnaire in this format. */
export function decodeSnapshot(questionnaireId: number, bytes: Buffer): FactBitsets | null {
  try {
    return decode(questionnaireId, bytes);
  } catch {
    // Cut short or damaged: the index is built again from the responses.
    return null;
  }
}

function decode(questionnaireId: number, bytes: Buffer): FactBitsets | null {
  if (bytes.length < MAGIC.length + 4 || bytes.toString("latin1", 0, MAGIC.length) !== MAGIC) return null;
  const length = bytes.readUInt32LE(MAGIC.length);
  // Typed array views need their element alignment: work on an 8-aligned copy when the read was not.
  const data: Buffer<ArrayBuffer> =
    bytes.byteOffset % 8 === 0 ? (bytes as Buffer<ArrayBuffer>) : Buffer.from(bytes);
  const header = JSON.parse(data.toString("utf8", MAGIC.length + 4, MAGIC.length + 4 + length));
  if (header.format !== SNAPSHOT_FORMAT || header.questionnaireId !== questionnaireId) return null;
  let offset = align(MAGIC.length + 4 + length);
  const take = <T>(ref: ArrayRef | null): T | null => {
    if (ref === null) return null;
    const Constructor = constructors[ref.kind];
    const array = new Constructor(data.buffer, data.byteOffset + offset, ref.length);
    offset += align(array.byteLength);
    return array as unknown as T;
  };
  const must = <T>(ref: ArrayRef): T => take<T>(ref) as T;
  const ids = must<Uint32Array<ArrayBuffer>>(header.ids);
  const statuses = must<Uint8Array<ArrayBuffer>>(header.statuses);
  const days = must<Int32Array<ArrayBuffer>>(header.days);
  const sourceCodes = must<Uint16Array<ArrayBuffer>>(header.sourceCodes);
  type Stored = {
    key: string;
    questionId: string;
    keyNum: number | null;
    count: number;
    words: ArrayRef | null;
    positions: ArrayRef | null;
    valuePositions: ArrayRef | null;
    values: ArrayRef | null;
  };
  const postings = (list: Stored[]) =>
    list.map((p) => ({
      key: p.key,
      questionId: p.questionId,
      keyNum: p.keyNum,
      count: p.count,
      words: take<Uint32Array<ArrayBuffer>>(p.words),
      positions: take<Uint32Array<ArrayBuffer>>(p.positions),
      valuePositions: take<Uint32Array<ArrayBuffer>>(p.valuePositions),
      values: take<Float64Array<ArrayBuffer>>(p.values),
    }));
  const keys = postings(header.keys);
  const questions = postings(header.questions);
  if (offset > data.length) return null;
  return FactBitsets.fromParts({
    size: header.size,
    version: header.version,
    sources: header.sources,
    ids,
    statuses,
    days,
    sourceCodes,
    keys,
    questions,
  });
}

/** Where one questionnaire's snapshot lives under the snapshot directory. */
export const snapshotFile = (dir: string, questionnaireId: number) =>
  path.join(dir, `q${questionnaireId}.idx`);

/** Writes a snapshot (to a temporary name, then renamed over the old one). */
export async function writeSnapshot(dir: string, questionnaireId: number, buffers: Buffer[]): Promise<void> {
  await fs.mkdir(dir, { recursive: true });
  const file = snapshotFile(dir, questionnaireId);
  const part = `${file}.${process.pid}.part`;
  const handle = await fs.open(part, "w");
  try {
    await handle.writev(buffers);
  } finally {
    await handle.close();
  }
  await fs.rename(part, file);
}

/** The stored snapshot's bytes, or null when there is none (or it cannot be read). */
export async function readSnapshot(dir: string, questionnaireId: number): Promise<Buffer | null> {
  try {
    return await fs.readFile(snapshotFile(dir, questionnaireId));
  } catch {
    return null;
  }
}

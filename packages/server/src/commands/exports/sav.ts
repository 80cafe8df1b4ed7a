/**
 * SPSS system files (.sav) written byte by byte from the public format description (PSPP manual,
 * "System File Format"): no npm package writes one that is maintained, pure JavaScript and handles
 * UTF-8 labels and missing values, and the format is small.
 *
 * Rules, and why:
 * - Little-endian, uncompressed data (bias 100 in the header as readers expect), 8-byte slots: numbers
 *   as IEEE doubles, strings space-padded to a multiple of 8 bytes. Empty numbers are system-missing
 *   (-DBL_MAX).
 * - Text is UTF-8: record 7/3 says character code 65001 and record 7/20 "UTF-8", so SPSS and PSPP read
 *   the Chinese labels as they are, whatever the reader's locale.
 * - Names: an 8-byte short name per variable (upper case, unique) and the real name in record 7/13.
 * - Strings are at most 255 bytes (cut at a character boundary): longer ones need very long string
 *   segments (7/14), not written yet. Variable labels are cut at 255 bytes, value labels at 120.
 * - The case count is unknown while rows stream: the header says -1 and is patched on close, so memory
 *   stays flat whatever the number of responses.
 */
import fs from "node:fs/promises";

export type SavMeasure = "nominal" | "ordinal" | "scale";

export interface SavVariable {
  /** ASCII letters, digits and _ (first a letter), at most 64 bytes, unique regardless of case. */
  name: string;
  label: string;
  /** 0 for a number; a string's width in bytes (1–255). */
  width: number;
  measure: SavMeasure;
  /** Numbers: "datetime" (seconds since 1582-10-14) or decimals of an F format (default 0). */
  format?: "datetime" | number;
  /** Numbers: characters shown before the decimal point (default 8, more when a code needs them). */
  digits?: number;
  /** Numbers only. */
  valueLabels?: readonly (readonly [number, string])[];
  /** Up to 3 user-missing codes (numbers only). */
  missing?: readonly number[];
}

/** A case's value of one variable: null is system-missing (numbers) or blank (strings). */
export type SavValue = number | string | null;

export const SAV_MAX_STRING = 255;
const VARIABLE_LABEL_MAX = 255;
const VALUE_LABEL_MAX = 120;
/** Seconds from the Gregorian calendar's start (SPSS's epoch) to 1970-01-01. */
export const SPSS_EPOCH_OFFSET_SECONDS = 12_219_379_200;
const CASES_OFFSET = 80;
const FLUSH_BYTES = 256 * 1024;

const FORMAT_A = 1;
const FORMAT_F = 5;
const FORMAT_DATETIME = 22;

/** The SPSS DATETIME value of an instant shown at a fixed offset from UTC (China time: +8 h). */
export function spssDateTime(isoText: string, offsetMs = 8 * 3600 * 1000): number {
  return Math.round((Date.parse(isoText) + offsetMs) / 1000) + SPSS_EPOCH_OFFSET_SECONDS;
}

/** UTF-8 bytes of `text`, at most `max`, never splitting a character. */
export function utf8Cut(text: string, max: number): Buffer {
  const bytes = Buffer.from(text, "utf8");
  if (bytes.length <= max) return bytes;
  let end = max;
  // Continuation bytes are 10xxxxxx: step back to the start of the character that does not fit.
  while (end > 0 && ((bytes[end] as number) & 0xc0) === 0x80) end -= 1;
  return bytes.subarray(0, end);
}

class Bytes {
  private readonly parts: Buffer[] = [];
  length = 0;
  int(value: number): this {
    const b = Buffer.alloc(4);
    b.writeInt32LE(value);
    return this.raw(b);
  }
  double(value: number): this {
    const b = Buffer.alloc(8);
    b.writeDoubleLE(value);
    return this.raw(b);
  }
  raw(b: Buffer): this {
    this.parts.push(b);
    this.length += b.length;
    return this;
  }
  /** `text` space-padded (or cut) to exactly `size` bytes. */
  padded(text: string | Buffer, size: number): this {
    const b = Buffer.alloc(size, 0x20);
    (typeof text === "string" ? utf8Cut(text, size) : text.subarray(0, size)).copy(b);
    return this.raw(b);
  }
  take(): Buffer {
    return Buffer.concat(this.parts);
  }
}

const slotsOf = (v: SavVariable) => (v.width === 0 ? 1 : Math.ceil(v.width / 8));

function format(v: SavVariable): number {
  if (v.width > 0) return (FORMAT_A << 16) | (v.width << 8);
  if (v.format === "datetime") return (FORMAT_DATETIME << 16) | (20 << 8);
  const decimals = v.format ?? 0;
  // Wide enough for the integer digits of every declared code (-999999999 would show as -1E+009 in F8).
  const codes = [...(v.missing ?? []), ...(v.valueLabels ?? []).map(([value]) => value)];
  const digits = Math.max(v.digits ?? 8, ...codes.map((code) => String(Math.trunc(code)).length));
  return (FORMAT_F << 16) | ((decimals > 0 ? digits + decimals + 1 : digits) << 8) | decimals;
}

/** Unique 8-byte short names: the long name upper-cased when it fits and is free, else V1, V2 … */
function shortNames(variables: readonly SavVariable[]): string[] {
  const used = new Set<string>();
  let next = 1;
  return variables.map((v) => {
    let short = v.name.toUpperCase();
    if (short.length > 8 || used.has(short)) {
      do short = `V${next++}`;
      while (used.has(short));
    }
    used.add(short);
    return short;
  });
}

function checkVariables(variables: readonly SavVariable[]) {
  const seen = new Set<string>();
  for (const v of variables) {
    if (!/^[A-Za-z][A-Za-z0-9_]{0,63}$/.test(v.name)) throw new Error(`invalid SPSS variable name ${v.name}`);
    const key = v.name.toUpperCase();
    if (seen.has(key)) throw new Error(`duplicate SPSS variable name ${v.name}`);
    seen.add(key);
    if (v.width < 0 || v.width > SAV_MAX_STRING) throw new Error(`string too wide: ${v.name}`);
    if ((v.missing?.length ?? 0) > 3) throw new Error(`more than 3 missing values: ${v.name}`);
  }
}

/** The weight variable's dictionary index as the header gives it: 1 + the 8-byte slots before it; 0 for none. */
function weightIndex(variables: readonly SavVariable[], weight: string | undefined): number {
  if (weight === undefined) return 0;
  const at = variables.findIndex((v) => v.name === weight);
  if (at < 0 || (variables[at] as SavVariable).width > 0) throw new Error(`no numeric variable ${weight}`);
  return 1 + variables.slice(0, at).reduce((sum, v) => sum + slotsOf(v), 0);
}

function header(variables: readonly SavVariable[], now: Date, weight: string | undefined): Buffer {
  const months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
  const two = (n: number) => String(n).padStart(2, "0");
  const date = `${two(now.getUTCDate())} ${months[now.getUTCMonth()]} ${two(now.getUTCFullYear() % 100)}`;
  const time = `${two(now.getUTCHours())}:${two(now.getUTCMinutes())}:${two(now.getUTCSeconds())}`;
  return new Bytes()
    .padded("$FL2", 4)
    .padded("@(#) SPSS DATA FILE wjgj", 60)
    .int(2)
    .int(variables.reduce((sum, v) => sum + slotsOf(v), 0))
    .int(0) // not compressed
    .int(weightIndex(variables, weight))
    .int(-1) // cases: patched on close
    .double(100)
    .padded(date, 9)
    .padded(time, 8)
    .padded("", 64)
    .padded(Buffer.alloc(3), 3)
    .take();
}

function variableRecords(out: Bytes, v: SavVariable, short: string) {
  const label = utf8Cut(v.label, VARIABLE_LABEL_MAX);
  const missing = v.width === 0 ? (v.missing ?? []) : [];
  out
    .int(2)
    .int(v.width)
    .int(label.length > 0 ? 1 : 0)
    .int(missing.length);
  out.int(format(v)).int(format(v)).padded(short, 8);
  if (label.length > 0) out.int(label.length).padded(label, Math.ceil(label.length / 4) * 4);
  for (const value of missing) out.double(value);
  // A string wider than 8 bytes takes one continuation record per further 8 bytes.
  for (let i = 1; i < slotsOf(v); i += 1) out.int(2).int(-1).int(0).int(0).int(0).int(0).padded("", 8);
}

function valueLabelRecords(out: Bytes, labels: readonly (readonly [number, string])[], index: number) {
  out.int(3).int(labels.length);
  for (const [value, text] of labels) {
    const label = utf8Cut(text, VALUE_LABEL_MAX);
    out.double(value);
    // One length byte and the label, padded together to a multiple of 8.
    const size = Math.ceil((label.length + 1) / 8) * 8;
    const b = Buffer.alloc(size, 0x20);
    b[0] = label.length;
    label.copy(b, 1);
    out.raw(b);
  }
  out.int(4).int(1).int(index);
}

function extension(out: Bytes, subtype: number, size: number, data: Buffer) {
  out
    .int(7)
    .int(subtype)
    .int(size)
    .int(data.length / size)
    .raw(data);
}

/** Everything before the data: header, variables, value labels, extension records, terminator. */
export function savDictionary(
  variables: readonly SavVariable[],
  now = new Date(),
  /** The name of the numeric variable cases are weighted by (SPSS's WEIGHT BY, kept in the file). */
  weight?: string,
): Buffer {
  checkVariables(variables);
  const shorts = shortNames(variables);
  const out = new Bytes().raw(header(variables, now, weight));
  variables.forEach((v, i) => {
    variableRecords(out, v, shorts[i] as string);
  });
  // Value labels name their variable by its first slot, counted from 1.
  let slot = 1;
  for (const v of variables) {
    if (v.width === 0 && v.valueLabels && v.valueLabels.length > 0)
      valueLabelRecords(out, v.valueLabels, slot);
    slot += slotsOf(v);
  }
  const integers = new Bytes();
  for (const n of [1, 0, 0, -1, 1, 1, 2, 65001]) integers.int(n);
  extension(out, 3, 4, integers.take());
  const floats = Buffer.alloc(24);
  floats.writeDoubleLE(-Number.MAX_VALUE, 0);
  floats.writeDoubleLE(Number.MAX_VALUE, 8);
  floats.writeBigUInt64LE(0xffeffffffffffffen, 16);
  extension(out, 4, 8, floats);
  const display = new Bytes();
  const measures = { nominal: 1, ordinal: 2, scale: 3 } as const;
  for (const v of variables) {
    display.int(measures[v.measure]).int(v.width > 0 ? Math.min(Math.max(v.width, 8), 40) : 10);
    display.int(v.width > 0 ? 0 : 1); // strings left-aligned, numbers right-aligned
  }
  extension(out, 11, 4, display.take());
  const names = variables.map((v, i) => `${shorts[i]}=${v.name}`).join("\t");
  extension(out, 13, 1, Buffer.from(names, "ascii"));
  extension(out, 20, 1, Buffer.from("UTF-8", "ascii"));
  out.int(999).int(0);
  return out.take();
}

/** One case as its slots. */
function caseBytes(variables: readonly SavVariable[], values: readonly SavValue[], size: number): Buffer {
  const b = Buffer.alloc(size, 0x20);
  let at = 0;
  variables.forEach((v, i) => {
    const value = values[i] ?? null;
    if (v.width === 0) {
      b.writeDoubleLE(typeof value === "number" && Number.isFinite(value) ? value : -Number.MAX_VALUE, at);
    } else if (value !== null) {
      utf8Cut(String(value), v.width).copy(b, at);
    }
    at += slotsOf(v) * 8;
  });
  return b;
}

export interface SavSink {
  /** One case: a value per variable, in the variables' order. */
  add(values: readonly SavValue[]): void;
  /** One case already laid out (`caseBytes`' layout for these variables). */
  addBytes(bytes: Buffer): void;
  drain(): Promise<void>;
  /** Writes what is left and the case count. */
  close(): Promise<void>;
  /** Stops after a failure and closes the file; the caller removes it. */
  abort(): Promise<void>;
}

export async function savSink(
  filePath: string,
  variables: readonly SavVariable[],
  now = new Date(),
  weight?: string,
): Promise<SavSink> {
  const dictionary = savDictionary(variables, now, weight);
  const caseSize = variables.reduce((sum, v) => sum + slotsOf(v), 0) * 8;
  const file = await fs.open(filePath, "w");
  let pending: Buffer[] = [dictionary];
  let pendingBytes = dictionary.length;
  let cases = 0;
  const flush = async () => {
    if (pendingBytes === 0) return;
    const chunk = Buffer.concat(pending);
    pending = [];
    pendingBytes = 0;
    await file.write(chunk);
  };
  const addBytes = (b: Buffer) => {
    pending.push(b);
    pendingBytes += b.length;
    cases += 1;
  };
  return {
    add(values) {
      addBytes(caseBytes(variables, values, caseSize));
    },
    addBytes,
    async drain() {
      if (pendingBytes >= FLUSH_BYTES) await flush();
    },
    async close() {
      try {
        await flush();
        const count = Buffer.alloc(4);
        count.writeInt32LE(cases);
        await file.write(count, 0, 4, CASES_OFFSET);
      } finally {
        await file.close();
      }
    },
    async abort() {
      await file.close().catch(() => undefined);
    },
  };
}

const SYSMIS = -Number.MAX_VALUE;

/**
 * Cases kept in a file beside the export between reading the responses and writing the .sav: the file
 * declares every string's width before its first case, and the widths are known only once every response
 * was read. Reading the responses once and the spool back (plain bytes, in order) costs far less than
 * reading and decoding every response twice. A case is spooled as its numbers (8-byte doubles) and its
 * strings (a length byte, then at most 255 bytes), unpadded.
 */
export interface SavSpool {
  add(values: readonly SavValue[]): void;
  drain(): Promise<void>;
  /** Writes every spooled case into `sink`, laid out with the variables' widths as they are now. */
  replay(sink: SavSink): Promise<void>;
  /** Closes and deletes the spool file. */
  remove(): Promise<void>;
}

export async function savSpool(filePath: string, variables: readonly SavVariable[]): Promise<SavSpool> {
  const strings = variables.map((v) => v.width > 0);
  const file = await fs.open(filePath, "w+");
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let written = 0;
  const flush = async () => {
    if (pendingBytes === 0) return;
    const chunk = Buffer.concat(pending);
    pending = [];
    pendingBytes = 0;
    await file.write(chunk, 0, chunk.length, written);
    written += chunk.length;
  };
  return {
    add(values) {
      const texts = new Map<number, Buffer>();
      let size = 0;
      strings.forEach((isString, i) => {
        if (!isString) {
          size += 8;
          return;
        }
        const value = values[i] ?? null;
        const text = value === null ? EMPTY : utf8Cut(String(value), SAV_MAX_STRING);
        texts.set(i, text);
        size += 1 + text.length;
      });
      const record = Buffer.allocUnsafe(size);
      let at = 0;
      strings.forEach((isString, i) => {
        if (!isString) {
          const value = values[i] ?? null;
          record.writeDoubleLE(typeof value === "number" && Number.isFinite(value) ? value : SYSMIS, at);
          at += 8;
          return;
        }
        const text = texts.get(i) as Buffer;
        record[at] = text.length;
        text.copy(record, at + 1);
        at += 1 + text.length;
      });
      pending.push(record);
      pendingBytes += size;
    },
    async drain() {
      if (pendingBytes >= FLUSH_BYTES) await flush();
    },
    async replay(sink) {
      await flush();
      const caseSize = variables.reduce((sum, v) => sum + slotsOf(v), 0) * 8;
      // Consecutive numbers are one run of bytes in both layouts: copied at once.
      const segments: { offset: number; numbers: number; width: number }[] = [];
      let at = 0;
      for (const v of variables) {
        const last = segments.at(-1);
        if (v.width === 0 && last && last.numbers > 0) last.numbers += 1;
        else segments.push({ offset: at, numbers: v.width === 0 ? 1 : 0, width: v.width });
        at += slotsOf(v) * 8;
      }
      let carry: Buffer = EMPTY;
      let position = 0;
      const chunk = Buffer.allocUnsafe(FLUSH_BYTES * 4);
      while (position < written) {
        const { bytesRead } = await file.read(chunk, 0, chunk.length, position);
        if (bytesRead === 0) break;
        position += bytesRead;
        const bytes =
          carry.length > 0
            ? Buffer.concat([carry, chunk.subarray(0, bytesRead)])
            : chunk.subarray(0, bytesRead);
        let read = 0;
        // One case per turn while a whole one is left in `bytes`.
        for (;;) {
          const out = Buffer.alloc(caseSize, 0x20);
          let cursor = read;
          let whole = true;
          for (const segment of segments) {
            if (segment.numbers > 0) {
              const size = segment.numbers * 8;
              if (cursor + size > bytes.length) {
                whole = false;
                break;
              }
              bytes.copy(out, segment.offset, cursor, cursor + size);
              cursor += size;
              continue;
            }
            const length = cursor < bytes.length ? (bytes[cursor] as number) : -1;
            if (length < 0 || cursor + 1 + length > bytes.length) {
              whole = false;
              break;
            }
            if (length > 0)
              bytes.copy(out, segment.offset, cursor + 1, cursor + 1 + Math.min(length, segment.width));
            cursor += 1 + length;
          }
          if (!whole || cursor === read) break;
          sink.addBytes(out);
          read = cursor;
          await sink.drain();
        }
        carry = Buffer.from(bytes.subarray(read));
      }
    },
    async remove() {
      await file.close().catch(() => undefined);
      await fs.rm(filePath, { force: true });
    },
  };
}

const EMPTY = Buffer.alloc(0);

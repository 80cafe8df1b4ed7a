import { everyTypeDefinition } from "@wjgj/core/results/testing/every-type";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BuiltUser, buildUser } from "../../../test/factories.ts";
import { call, createTestContext, type TestContext } from "../../../test/helpers.ts";
import { gradedExam, publishedQuestionnaire, submitAnswers } from "../../../test/results-fixtures.ts";
import { Bitset } from "./bitset.ts";
import { FactBitsetCache, parseIds } from "./fact-bitset-cache.ts";
import { keyCounts } from "./fact-bitset-query.ts";
import { decodeSnapshot, encodeSnapshot } from "./fact-bitset-snapshot.ts";
import { Posting } from "./fact-postings.ts";

describe("postings", () => {
  it("count and list the same responses as a list or a bitset, across batches and growth", () => {
    fc.assert(
      fc.property(
        fc.array(fc.uniqueArray(fc.nat(150), { maxLength: 150 }), { minLength: 1, maxLength: 6 }),
        fc.uniqueArray(fc.nat(899), { maxLength: 400 }),
        (batches, probe) => {
          const posting = new Posting("q", null, false);
          const all: number[] = [];
          let offset = 0;
          for (const batch of batches) {
            const positions = [...batch].sort((a, b) => a - b).map((p) => p + offset);
            posting.append(Uint32Array.from(positions), positions.length);
            all.push(...positions);
            offset += 151;
            posting.fit(offset);
          }
          const size = offset;
          const set = new Bitset(size);
          for (const p of probe) if (p < size) set.add(p);
          const inSet = all.filter((p) => set.has(p)).length;
          expect(posting.count).toBe(all.length);
          expect(posting.countIn(set)).toBe(inSet);
          expect(posting.bitset(size).count()).toBe(all.length);
          expect(posting.bitset(size).countAnd(set)).toBe(inSet);
          expect(posting.bitset(size).not().count()).toBe(size - all.length);
        },
      ),
    );
  });

  it("parses id lists", () => {
    expect([...parseIds("3,17,250000")]).toEqual([3, 17, 250000]);
    expect([...parseIds("")]).toEqual([]);
  });
});

let t: TestContext;
let owner: BuiltUser;
beforeAll(async () => {
  t = await createTestContext();
  owner = await buildUser(t);
});
afterAll(async () => {
  await t.close();
});

describe("fact bitset cache", () => {
  it("stays within its byte limit, dropping the least recently used, and rebuilds what it dropped", async () => {
    const definition = everyTypeDefinition();
    const ids: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      const q = await publishedQuestionnaire(t, owner, definition);
      for (let j = 0; j < 5 + i; j += 1)
        await submitAnswers(t, q, { qs: { optionId: j % 2 ? "a" : "b" }, qn: j, qt: `文本${j}` });
      ids.push(q.id);
    }
    const [first = 0, second = 0, third = 0] = ids;
    const roomy = new FactBitsetCache();
    const full = await roomy.get(t.db, t.ctx.dialect, first);
    const expected = keyCounts(full, full.validSet());
    const one = full.bytes();

    const tight = new FactBitsetCache({ limitBytes: Math.floor(one * 1.5) });
    await tight.get(t.db, t.ctx.dialect, first);
    await tight.get(t.db, t.ctx.dialect, second);
    expect(tight.cachedIds()).toEqual([second]);
    await tight.get(t.db, t.ctx.dialect, third);
    expect(tight.cachedIds()).toEqual([third]);
    expect(tight.bytes()).toBeLessThanOrEqual(
      Math.max(one * 1.5, (await tight.get(t.db, t.ctx.dialect, third)).bytes()),
    );
    const rebuilt = await tight.get(t.db, t.ctx.dialect, first);
    expect(keyCounts(rebuilt, rebuilt.validSet())).toEqual(expected);
    expect(expected.get("option:qs:a")).toBe(2);
  });

  it("builds the same index when it reads the responses a few at a time", async () => {
    const q = await publishedQuestionnaire(t, owner, everyTypeDefinition());
    for (let j = 0; j < 11; j += 1)
      await submitAnswers(t, q, {
        qs: { optionId: ["a", "b", "c"][j % 3] },
        qn: j % 4,
        qt: j % 5 === 0 ? `${j}` : `文本${j}`,
      });
    const whole = await new FactBitsetCache().get(t.db, t.ctx.dialect, q.id);
    const inRounds = await new FactBitsetCache({ appendChunk: 3 }).get(t.db, t.ctx.dialect, q.id);
    expect(inRounds.size).toBe(11);
    expect(keyCounts(inRounds, inRounds.validSet())).toEqual(keyCounts(whole, whole.validSet()));
    const members = (set: Bitset | undefined) => Array.from({ length: 11 }, (_, i) => set?.has(i) ?? false);
    expect(whole.keys.size).toBeGreaterThan(5);
    for (const [key, posting] of whole.keys)
      expect([key, members(inRounds.keys.get(key)?.bitset(11))]).toEqual([key, members(posting.bitset(11))]);
    // Texts keep each response's number reading, round after round ("0", "5" and "10" read as numbers).
    const numeric = (index: typeof whole) => {
      const set = new Bitset(11);
      index.keys.get("text:qt")?.addMatching(set, (value) => value >= 0);
      return members(set);
    };
    expect(numeric(inRounds)).toEqual(numeric(whole));
    expect(numeric(whole).filter(Boolean)).toHaveLength(3);
  });

  it("follows status changes and grading by the results version, and appends new responses", async () => {
    const exam = gradedExam();
    const q = await publishedQuestionnaire(t, owner, exam);
    const first = await submitAnswers(t, q, { q1: { optionId: "a" }, essay: "答" });
    await submitAnswers(t, q, { q1: { optionId: "b" }, essay: "答" });
    const cache = new FactBitsetCache();
    const index = await cache.get(t.db, t.ctx.dialect, q.id);
    expect([index.version, index.validCount]).toEqual([0, 2]);
    expect([...index.keys.keys()].some((key) => key.startsWith("score:"))).toBe(false);

    const post = (path: string, json: Record<string, unknown>) =>
      call(t.app, "POST", path, { token: owner.token, json });
    expect((await post("answer/markInvalid", { id: q.id, responseIds: [first] })).body.code).toBe(200);
    const afterInvalid = await cache.get(t.db, t.ctx.dialect, q.id);
    expect(afterInvalid).toBe(index);
    expect([index.version, index.validCount]).toEqual([1, 1]);
    expect(index.keys.get("option:q1:a")?.countIn(index.validSet())).toBe(0);

    const graded = await post("answer/gradeAnswer", {
      id: q.id,
      responseId: first,
      grades: [{ questionId: "essay", score: 5 }],
    });
    expect(graded.body.code).toBe(200);
    await cache.get(t.db, t.ctx.dialect, q.id);
    expect(index.version).toBe(2);

    await submitAnswers(t, q, { q1: { optionId: "a" } });
    await cache.get(t.db, t.ctx.dialect, q.id);
    expect([index.size, index.validCount]).toEqual([3, 2]);
    expect(index.keys.get("option:q1:a")?.countIn(index.validSet())).toBe(1);
  });

  it("reads back from a snapshot the same index: counts, statuses, sources, days and text values", async () => {
    const q = await publishedQuestionnaire(t, owner, everyTypeDefinition());
    const ids: number[] = [];
    for (let j = 0; j < 40; j += 1)
      ids.push(
        await submitAnswers(t, q, {
          qs: { optionId: ["a", "b", "c"][j % 3] },
          qn: j % 7,
          qt: j % 5 === 0 ? `${j}` : `文本${j}`,
        }),
      );
    const marked = await call(t.app, "POST", "answer/markInvalid", {
      token: owner.token,
      json: { id: q.id, responseIds: [ids[3], ids[17]] },
    });
    expect(marked.body.code).toBe(200);
    const index = await new FactBitsetCache().get(t.db, t.ctx.dialect, q.id);
    const bytes = Buffer.concat(encodeSnapshot(q.id, index));
    expect(decodeSnapshot(q.id + 1, bytes)).toBeNull();
    const back = decodeSnapshot(q.id, bytes);
    if (!back) throw new Error("no snapshot");
    expect([back.size, back.validCount, back.version, back.maxId]).toEqual([
      40,
      38,
      index.version,
      index.maxId,
    ]);
    expect(keyCounts(back, back.validSet())).toEqual(keyCounts(index, index.validSet()));
    expect(back.metaSet(null, null, "wechat").count()).toBe(index.metaSet(null, null, "wechat").count());
    const texts = (of: typeof index) => {
      const set = new Bitset(of.size);
      of.keys.get("text:qt")?.addMatching(set, (value) => value >= 10);
      return set.count();
    };
    expect(texts(back)).toBe(texts(index));
    expect(texts(index)).toBeGreaterThan(0);
  });
});

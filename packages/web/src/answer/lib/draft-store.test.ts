import { describe, expect, it } from "vitest";
import {
  clearDraft,
  draftKey,
  hasAnswers,
  loadDraft,
  newDraft,
  restartDraft,
  saveDraft,
} from "./draft-store.ts";

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

describe("answer drafts", () => {
  it("keeps one draft per questionnaire and gives it back for the same revision", () => {
    const storage = memoryStorage();
    const draft = { ...newDraft(7, 1000), answers: { q1: { optionId: "a" } }, pageId: "p2", history: ["p1"] };
    saveDraft(storage, "AbC123xyz", draft);
    saveDraft(storage, "Other12345", newDraft(3, 5));
    expect(storage.items.has(draftKey("AbC123xyz"))).toBe(true);
    expect(loadDraft(storage, "AbC123xyz", 7)).toEqual(draft);
    expect(loadDraft(storage, "Other12345", 3)?.answers).toEqual({});
  });

  it("drops a draft made for another published revision, or one that is damaged", () => {
    const storage = memoryStorage();
    saveDraft(storage, "AbC123xyz", newDraft(7, 1000));
    expect(loadDraft(storage, "AbC123xyz", 8)).toBeNull();
    storage.setItem(draftKey("Broken1234"), "{not json");
    expect(loadDraft(storage, "Broken1234", 1)).toBeNull();
    storage.setItem(draftKey("Wrong12345"), JSON.stringify({ v: 1, revisionId: 1, answers: [] }));
    expect(loadDraft(storage, "Wrong12345", 1)).toBeNull();
    expect(loadDraft(null, "AbC123xyz", 7)).toBeNull();
  });

  it("offers a draft back only when something was answered", () => {
    expect(hasAnswers(null)).toBe(false);
    expect(hasAnswers(newDraft(1, 0))).toBe(false);
    expect(hasAnswers({ ...newDraft(1, 0), answers: { q1: "", q2: [] } })).toBe(false);
    expect(hasAnswers({ ...newDraft(1, 0), answers: { q1: "张三" } })).toBe(true);
  });

  it("starting over clears the answers but keeps an exam's clock and tab switches", () => {
    const old = { ...newDraft(4, 1000), answers: { q1: "x" }, tabSwitches: 2, pageId: "p3" };
    expect(restartDraft(old, true, 9000)).toMatchObject({
      answers: {},
      startedAt: 1000,
      tabSwitches: 2,
      pageId: null,
    });
    expect(restartDraft(old, false, 9000)).toMatchObject({ answers: {}, startedAt: 9000, tabSwitches: 0 });
  });

  it("survives a storage that throws (private mode, full quota)", () => {
    const throwing = {
      getItem: () => {
        throw new Error("denied");
      },
      setItem: () => {
        throw new Error("quota");
      },
      removeItem: () => {
        throw new Error("denied");
      },
    };
    expect(() => saveDraft(throwing, "AbC123xyz", newDraft(1, 0))).not.toThrow();
    expect(loadDraft(throwing, "AbC123xyz", 1)).toBeNull();
    expect(() => clearDraft(throwing, "AbC123xyz")).not.toThrow();
  });
});

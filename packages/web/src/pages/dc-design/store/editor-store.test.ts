import { describe, expect, it } from "vitest";
import { definitionOf, detailOf, layoutOf, single, text } from "../testing/fixtures.ts";
import { findQuestion } from "./definition-ops.ts";
import { createEditorStore } from "./editor-store.ts";
import { COALESCE_MS } from "./history.ts";
import { saveIndicatorOf } from "./save-state.ts";

function setup() {
  let clock = 1_000_000;
  const store = createEditorStore(() => clock);
  store.getState().load(detailOf(definitionOf([single("q1", "性别"), text("q2", "姓名")])));
  return {
    store,
    state: () => store.getState(),
    tick: (ms: number) => {
      clock += ms;
    },
  };
}

describe("editor store", () => {
  it("adds after the selection and selects the new question", () => {
    const { state } = setup();
    state().select("q1");
    const id = state().addQuestion("textarea");
    expect(layoutOf(state().draft ?? definitionOf())).toEqual([["q1", id, "q2"]]);
    expect(state().selectedId).toBe(id);
  });

  it("appends at the end when nothing is selected", () => {
    const { state } = setup();
    const id = state().addQuestion("star");
    expect(layoutOf(state().draft ?? definitionOf())).toEqual([["q1", "q2", id]]);
  });

  it("adds after a page break on the new page, in order", () => {
    const { state } = setup();
    state().select("q1");
    state().addQuestion("pageBreak");
    const first = state().addQuestion("date");
    const second = state().addQuestion("time");
    expect(layoutOf(state().draft ?? definitionOf())).toEqual([["q1"], [first, second, "q2"]]);
  });

  it("undoes and redoes structural edits, restoring the selection of the time", () => {
    const { state } = setup();
    const original = state().draft;
    state().select("q1");
    const copy = state().duplicate("q1");
    expect(state().selectedId).toBe(copy);
    state().remove("q2");
    state().undo();
    expect(layoutOf(state().draft ?? definitionOf())).toEqual([["q1", copy, "q2"]]);
    state().undo();
    expect(state().draft).toBe(original);
    expect(state().selectedId).toBe("q1");
    state().redo();
    state().redo();
    expect(layoutOf(state().draft ?? definitionOf())).toEqual([["q1", copy]]);
    state().redo();
    expect(layoutOf(state().draft ?? definitionOf())).toEqual([["q1", copy]]);
  });

  it("coalesces a typing burst in one title into one undo step", () => {
    const { state, tick } = setup();
    const original = state().draft;
    for (const title of ["您", "您的", "您的性", "您的性别"]) {
      state().setQuestionTitle("q1", title);
      tick(200);
    }
    expect(state().history.past).toHaveLength(1);
    state().undo();
    expect(state().draft).toBe(original);
  });

  it("starts a new undo step after a pause or in another field", () => {
    const { state, tick } = setup();
    state().setQuestionTitle("q1", "A");
    tick(COALESCE_MS + 1);
    state().setQuestionTitle("q1", "AB");
    state().setQuestionTitle("q2", "C");
    state().updateOption("q1", "options", "o1", { label: "甲" });
    state().updateOption("q1", "options", "o1", { label: "甲方" });
    expect(state().history.past).toHaveLength(4);
    state().undo();
    state().undo();
    expect(findQuestion(state().draft ?? definitionOf(), "q2")?.title).toBe("姓名");
    state().undo();
    expect(findQuestion(state().draft ?? definitionOf(), "q1")?.title).toBe("A");
  });

  it("drops redo history on a new edit", () => {
    const { state } = setup();
    state().addQuestion("date");
    state().undo();
    expect(state().history.future).toHaveLength(1);
    state().addQuestion("time");
    expect(state().history.future).toHaveLength(0);
  });

  it("records nothing for edits that change nothing", () => {
    const { state } = setup();
    const before = state().draft;
    state().setQuestionTitle("q1", "性别");
    state().moveQuestionBy("q1", -1);
    state().batchAddOptions("q1", "options", "\n\n", "append");
    expect(state().draft).toBe(before);
    expect(state().history.past).toHaveLength(0);
  });

  it("patches question fields and config, deleting cleared keys", () => {
    const { state } = setup();
    state().patchQuestion("q2", { required: true, description: "请写全名" });
    state().patchConfig("q2", { format: "mobile", placeholder: "手机号" });
    state().patchQuestion("q2", { description: undefined });
    const question = findQuestion(state().draft ?? definitionOf(), "q2");
    expect(question).toMatchObject({ required: true, config: { format: "mobile", placeholder: "手机号" } });
    expect(question && "description" in question).toBe(false);
  });

  it("shows 未保存 after an edit and 已保存 again when undone to the saved draft", () => {
    const { state } = setup();
    expect(saveIndicatorOf(state())).toBe("saved");
    state().setTitle("新标题");
    expect(saveIndicatorOf(state())).toBe("dirty");
    state().undo();
    expect(saveIndicatorOf(state())).toBe("saved");
  });
});

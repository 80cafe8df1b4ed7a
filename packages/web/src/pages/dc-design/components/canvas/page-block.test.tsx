import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { App } from "antd";
import { useMemo } from "react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { indexSurvey } from "../../lib/survey-index.ts";
import { editorStore, useEditor } from "../../store/use-editor.ts";
import { definitionOf, detailOf, single } from "../../testing/fixtures.ts";
import { Canvas } from "./canvas.tsx";
import { DesignerDnd } from "./designer-dnd.tsx";
import { CARD_GROUP_SIZE, PageBlock } from "./page-block.tsx";

afterEach(() => {
  document.body.innerHTML = "";
});

const questions = (count: number) =>
  Array.from({ length: count }, (_, i) => single(`q${i + 1}`, `第${i + 1}题`));

/** The first page as the canvas shows it, following the store. */
function FirstPage() {
  const draft = useEditor((state) => state.draft);
  const selectedId = useEditor((state) => state.selectedId);
  const index = useMemo(() => (draft ? indexSurvey(draft) : null), [draft]);
  const page = draft?.pages[0];
  if (!page || !index) return null;
  return (
    <PageBlock
      page={page}
      pageNumber={1}
      pageCount={1}
      index={index}
      selectedId={selectedId}
      logic={new Map()}
      issues={new Map()}
    />
  );
}

function renderCanvas(count: number) {
  editorStore.getState().load(detailOf(definitionOf(questions(count))));
  return render(
    <DesignerDnd>
      <FirstPage />
    </DesignerDnd>,
  );
}

const groups = () => [...document.querySelectorAll<HTMLElement>(".dd-card-group")];
const idsIn = (group: Element) =>
  [...group.querySelectorAll<HTMLElement>("[data-testid=question-card]")].map((card) => card.dataset.qid);

describe("card groups", () => {
  it("puts a page's cards in runs of CARD_GROUP_SIZE, in order, each as tall as its cards' estimate", () => {
    expect(CARD_GROUP_SIZE).toBe(25);
    renderCanvas(60);
    expect(groups().map((group) => idsIn(group).length)).toEqual([25, 25, 10]);
    expect(groups().flatMap(idsIn)).toEqual(questions(60).map((question) => question.id));
    expect(groups().map((group) => group.style.containIntrinsicSize)).toEqual([
      "auto 3750px",
      "auto 3750px",
      "auto 1500px",
    ]);
  }, 30_000);

  it("renders the selected card's group always, as the selected card", () => {
    renderCanvas(60);
    act(() => editorStore.getState().select("q30"));
    expect(groups().map((group) => group.classList.contains("dd-card-group--selected"))).toEqual([
      false,
      true,
      false,
    ]);
  }, 30_000);

  it("keeps the focus on 上移 when the card moves into the previous group", async () => {
    renderCanvas(30);
    act(() => editorStore.getState().select("q26"));
    const card = () => document.querySelector<HTMLElement>('[data-qid="q26"]');
    const up = () => card()?.querySelector<HTMLButtonElement>('[data-move="-1"]');
    const before = up();
    if (!before) throw new Error("no 上移 on the selected card");
    before.focus();
    fireEvent.click(before);
    // Moved into the first group: a new element, focused again once React has rendered the move.
    expect(idsIn(groups()[0] as Element).at(-1)).toBe("q26");
    await waitFor(() => expect(document.activeElement).toBe(up()));
    expect(up()).not.toBe(before);
  }, 30_000);
});

describe("dragging a card", () => {
  it("renders every card group while the drag lasts (their paint containment would clip a card taken across)", async () => {
    editorStore.getState().load(detailOf(definitionOf(questions(30))));
    render(
      // The conflict banner above the pages reloads and saves through these.
      <MemoryRouter>
        <QueryClientProvider client={new QueryClient()}>
          <App>
            <DesignerDnd>
              <Canvas />
            </DesignerDnd>
          </App>
        </QueryClientProvider>
      </MemoryRouter>,
    );
    const canvas = screen.getByTestId("designer-canvas");
    const handle = screen.getAllByRole("button", { name: "拖动排序" })[0] as HTMLElement;
    act(() => handle.focus());
    expect(canvas.classList.contains("dd-canvas--dragging")).toBe(false);
    // dnd-kit's keyboard sensor: Space picks the card up, Escape puts it back.
    fireEvent.keyDown(handle, { key: " ", code: "Space" });
    await waitFor(() => expect(canvas.classList.contains("dd-canvas--dragging")).toBe(true));
    fireEvent.keyDown(handle, { key: "Escape", code: "Escape" });
    await waitFor(() => expect(canvas.classList.contains("dd-canvas--dragging")).toBe(false));
  }, 30_000);
});

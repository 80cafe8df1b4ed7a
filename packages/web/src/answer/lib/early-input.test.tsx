import { act } from "@testing-library/react";
import { useState } from "react";
import { hydrateRoot, type Root } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it } from "vitest";
import { keepEarlyInput } from "./early-input.ts";

/** A controlled form like the answer page's: a text box, a radio pair and a dropdown, echoing its state. */
function Form() {
  const [state, setState] = useState({ name: "", city: "", pet: "" });
  const set = (patch: Partial<typeof state>) => setState((current) => ({ ...current, ...patch }));
  return (
    <form>
      <input aria-label="姓名" value={state.name} onChange={(e) => set({ name: e.target.value })} />
      {["北京", "上海"].map((city) => (
        <input
          key={city}
          type="radio"
          name="city"
          aria-label={city}
          checked={state.city === city}
          onChange={() => set({ city })}
        />
      ))}
      <select aria-label="宠物" value={state.pet} onChange={(e) => set({ pet: e.target.value })}>
        <option value="">请选择</option>
        <option value="cat">猫</option>
        <option value="dog">狗</option>
      </select>
      <output>{JSON.stringify(state)}</output>
    </form>
  );
}

let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = "";
});

/** The server's markup, changed by `respondent` before hydration; returns the state React ends with. */
async function hydrateAfter(respondent: (container: HTMLElement) => void, replay = true) {
  const container = document.createElement("div");
  container.innerHTML = renderToString(<Form />);
  document.body.append(container);
  respondent(container);
  const replayEarlyInput = keepEarlyInput(container);
  await act(async () => {
    root = hydrateRoot(container, <Form />);
  });
  if (replay) await act(async () => replayEarlyInput());
  return JSON.parse(container.querySelector("output")?.textContent ?? "{}");
}

function typeBeforeScript(container: HTMLElement) {
  const field = (label: string) => container.querySelector<HTMLInputElement>(`[aria-label="${label}"]`);
  const name = field("姓名");
  const shanghai = field("上海");
  const pet = container.querySelector("select");
  if (!name || !shanghai || !pet) throw new Error("form incomplete");
  name.value = "张三";
  shanghai.checked = true;
  pet.value = "dog";
}

describe("keepEarlyInput", () => {
  it("hands what was typed, ticked and picked in the server's markup to the hydrated state", async () => {
    expect(await hydrateAfter(typeBeforeScript)).toEqual({ name: "张三", city: "上海", pet: "dog" });
  });

  it("is what makes the difference: hydration alone leaves the state empty", async () => {
    expect(await hydrateAfter(typeBeforeScript, false)).toEqual({ name: "", city: "", pet: "" });
  });

  it("replays nothing for fields left as the server rendered them", async () => {
    expect(await hydrateAfter(() => {})).toEqual({ name: "", city: "", pet: "" });
  });
});

import { useState } from "react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it } from "vitest";
import {
  beginProgressiveHydration,
  endProgressiveHydration,
  HydrateLater,
  progressiveHydrationDone,
} from "./hydrate-later.tsx";

/** A card that counts its clicks: a click does something only once the card has hydrated. */
function Card({ id }: { id: string }) {
  const [clicks, setClicks] = useState(0);
  return (
    <button type="button" id={id} onClick={() => setClicks(clicks + 1)}>
      {`${id}:${clicks}`}
    </button>
  );
}

function Page({ ids, note }: { ids: string[]; note: string }) {
  return (
    <main>
      <h1>{note}</h1>
      {ids.map((id) => (
        <HydrateLater key={id} id={id}>
          <Card id={id} />
        </HydrateLater>
      ))}
    </main>
  );
}

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));
/** Renders follow a click in microtasks: these let them run. */
const settle = async () => {
  for (let i = 0; i < 5; i += 1) await Promise.resolve();
};

/** The cards among `ids` that answer a click (hydrated), each clicked once. */
async function liveOf(ids: string[]): Promise<string[]> {
  const before = ids.map((id) => document.getElementById(id)?.textContent);
  for (const id of ids) document.getElementById(id)?.click();
  await settle();
  return ids.filter((id, i) => document.getElementById(id)?.textContent !== before[i]);
}

afterEach(() => {
  document.body.innerHTML = "";
});

describe("progressive hydration of the question cards", () => {
  it("keeps the server's markup and hydrates the cards after the first pass, in order", async () => {
    const ids = ["a", "b", "c"];
    const root = document.createElement("div");
    root.innerHTML = renderToString(<Page ids={ids} note="页" />);
    document.body.append(root);
    const server = ids.map((id) => document.getElementById(id));

    beginProgressiveHydration();
    hydrateRoot(root, <Page ids={ids} note="页" />);
    const done = endProgressiveHydration();
    expect(progressiveHydrationDone()).toBe(done);
    // Nothing hydrated in the first pass, and nothing of the server's markup lost.
    expect(ids.map((id) => document.getElementById(id))).toEqual(server);
    expect(await liveOf(ids)).toEqual([]);

    // The cards come alive in page order, after further tasks.
    const order: string[] = [];
    for (let turn = 0; turn < 20 && order.length < ids.length; turn += 1) {
      await nextTask();
      order.push(...(await liveOf(ids.filter((id) => !order.includes(id)))));
    }
    expect(order).toEqual(ids);
    await done;
    // The very elements the server rendered, adopted rather than drawn again.
    expect(ids.map((id) => document.getElementById(id))).toEqual(server);
    expect(root.querySelectorAll("button")).toHaveLength(3);
  });

  it("keeps a card's markup when the page re-renders before the card's turn", async () => {
    const ids = ["a", "b"];
    const root = document.createElement("div");
    root.innerHTML = renderToString(<Page ids={ids} note="旧" />);
    document.body.append(root);
    const b = document.getElementById("b");

    beginProgressiveHydration();
    const app = hydrateRoot(root, <Page ids={ids} note="旧" />);
    const done = endProgressiveHydration();
    app.render(<Page ids={ids} note="新" />);
    await settle();
    expect(root.querySelector("h1")?.textContent).toBe("新");
    // Still waiting for its turn, on the server's element.
    expect(document.getElementById("b")).toBe(b);
    expect(await liveOf(["b"])).toEqual([]);

    await done;
    expect(await liveOf(["b"])).toEqual(["b"]);
    expect(root.querySelectorAll("button")).toHaveLength(2);
  });

  it("renders cards at once outside a pass (the browser's own renders, the server)", () => {
    const root = document.createElement("div");
    document.body.append(root);
    expect(renderToString(<Page ids={["x"]} note="服务器" />)).toContain('id="x"');
  });
});

import { type AnswerPageData, DATA_SCRIPT_ID, type ExtraScreenData } from "@wjgj/core/pages/answer";
import type { ComponentType } from "react";
import { hydrateRoot } from "react-dom/client";
import { App } from "./app.tsx";
import { loadFieldsFor, typesOf } from "./components/fields/registry.ts";
import { keepEarlyInput } from "./lib/early-input.ts";
import { beginProgressiveHydration, endProgressiveHydration } from "./lib/hydrate-later.tsx";
import { loadExam, loadScreens, pageNeedsExam, pageNeedsScreens } from "./lib/screens.ts";
import "./answer.css";

const script = document.getElementById(DATA_SCRIPT_ID);
const data = JSON.parse(script?.textContent ?? "null") as AnswerPageData | null;
const root = document.getElementById("root");

type ExtraScreenComponent = ComponentType<{ data: ExtraScreenData }>;

function hydrate(data: AnswerPageData, root: HTMLElement, extraScreen?: ExtraScreenComponent) {
  // What the respondent typed while the script was on its way goes into the answers once hydrated.
  const replayEarlyInput = keepEarlyInput(root);
  // The page first, then each question card in a task of its own (lib/hydrate-later.tsx): a phone stays
  // responsive, and taps are not lost while it runs.
  beginProgressiveHydration();
  hydrateRoot(root, <App data={data} extraScreen={extraScreen} />);
  // The logic engine follows (hooks/use-answering.ts): the page is usable before it arrives.
  void endProgressiveHydration().then(replayEarlyInput);
}

if (data && root) {
  // The notice, cover and campaign pages hydrate once their own chunk is here (it matches the server's
  // markup); /r/{id} never downloads it.
  if (data.page === "trailer" || data.page === "cover" || data.page === "campaign")
    void import("./extra-screens.tsx").then(({ ExtraScreen }) => hydrate(data, root, ExtraScreen));
  else {
    // The inputs of the questionnaire's less common types and the state/gate screens come first (their chunks
    // were preloaded by the server's page), so hydration finds the markup the server rendered; hydrated
    // without them if one fails.
    const needed: Promise<unknown>[] = [];
    if (data.page === "answer") needed.push(loadFieldsFor(typesOf(data.open.definition)));
    if (pageNeedsScreens(data)) needed.push(loadScreens());
    if (pageNeedsExam(data)) needed.push(loadExam());
    if (needed.length === 0) hydrate(data, root);
    else
      void Promise.all(needed)
        .catch(() => undefined)
        .then(() => hydrate(data, root));
  }
}

// Inside WeChat's browser, 分享给朋友 / 朋友圈 show the questionnaire's card (分享设置): the JS-SDK is a chunk of its
// own, fetched only there and after the page is up, so no other respondent downloads it; only when the site
// has a 公众号 (the server says so in the page's data).
if (data?.page === "answer" && data.wechatShare && /MicroMessenger/i.test(navigator.userAgent)) {
  // The chunk sets the cards up as it loads: less code here, in every respondent's first load.
  import("./lib/wechat-share-start.ts").catch(() => undefined);
}

import { hydrateRoot } from "react-dom/client";
import { App } from "./app.tsx";
import { loadEngine } from "./lib/view.ts";
import { type AnswerPageData, DATA_SCRIPT_ID } from "./page-data.ts";
import "./answer.css";

const script = document.getElementById(DATA_SCRIPT_ID);
const data = JSON.parse(script?.textContent ?? "null") as AnswerPageData | null;
const root = document.getElementById("root");

if (data && root) {
  // The engine downloads while React hydrates the server's markup; the page is usable before it arrives.
  if (data.page !== "notFound") void loadEngine();
  hydrateRoot(root, <App data={data} />);
}

import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { registerNavigate } from "./api/feedback.ts";
import { App } from "./app.tsx";
import { hashRoutePath } from "./lib/hash-route.ts";
import { createAppRouter } from "./router.tsx";
import "./styles/global.css";

// Old hash links (`/#/Loginone`) become history routes before the router reads the address.
const hashTarget = hashRoutePath(window.location.pathname, window.location.hash);
if (hashTarget) window.history.replaceState(null, "", hashTarget);

const router = createAppRouter();
// The request client navigates inside the SPA so its toasts survive the move (303 → /Loginone, 403 → /).
registerNavigate((to) => void router.navigate(to));

const root = document.getElementById("root");
if (!root) throw new Error("缺少 #root 挂载节点");
createRoot(root).render(
  <StrictMode>
    <App router={router} />
  </StrictMode>,
);

import { StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { registerNavigate } from "./api/feedback.ts";
import { App, queryClient } from "./app.tsx";
import { hashRoutePath } from "./lib/hash-route.ts";
import { createAppRouter } from "./router.tsx";
// Every antd component's styles, drawn from the theme's CSS variables (styles/tokens.ts, `zeroRuntime`); first, so the
// app's own rules of the same specificity come later and win.
import "antd/dist/antd.css";
import "./styles/global.css";
import { adoptServerRender } from "./website/hydrate.ts";

// Old hash links (`/#/Loginone`) become history routes before the router reads the address.
const hashTarget = hashRoutePath(window.location.pathname, window.location.hash);
if (hashTarget) window.history.replaceState(null, "", hashTarget);

const router = createAppRouter();
// The request client navigates inside the SPA so its toasts survive the move (303 → /Loginone, 403 → /).
registerNavigate((to) => void router.navigate(to));

const root = document.getElementById("root");
if (!root) throw new Error("缺少 #root 挂载节点");
const tree = (
  <StrictMode>
    <App router={router} />
  </StrictMode>
);
// The public site arrives server-rendered (packages/server/src/http/website-pages.ts): hydrate it, unless an
// old hash link moved the address to another page than the one rendered.
if (adoptServerRender(queryClient) && !hashTarget) hydrateRoot(root, tree);
else {
  root.replaceChildren();
  createRoot(root).render(tree);
}

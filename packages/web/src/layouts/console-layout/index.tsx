import { messages } from "@wjgj/core";
import { Suspense, useEffect } from "react";
import { Outlet, useLocation, useNavigate } from "react-router";
import { showErrorToast } from "../../api/feedback.ts";
import { PageLoading } from "../../components/page-loading.tsx";
import { loginPathFor } from "../../lib/guard.ts";
import { isEmbedded, useSessionStore } from "../../stores/session-store.ts";
import { useUserStore } from "../../stores/user-store.ts";
import { AppHeader } from "./app-header.tsx";
import "./console-layout.css";

/**
 * Logged-in layout (seed §2). When the start-up user-info load fails the record is emptied and the user
 * is sent to /Loginone (§4, §8); an expired session also gets the login-expired toast.
 */
export function ConsoleLayout() {
  const embedded = isEmbedded(useSessionStore((state) => state.fromType));
  const status = useUserStore((state) => state.status);
  const failureCode = useUserStore((state) => state.failureCode);
  const navigate = useNavigate();
  const location = useLocation();

  useEffect(() => {
    // The store, not the render's copy, so a StrictMode re-run does not act twice.
    if (status !== "failed" || useUserStore.getState().status !== "failed") return;
    if (failureCode === 303) showErrorToast(messages.loginExpired);
    useUserStore.getState().acknowledgeFailure();
    navigate(loginPathFor(`${location.pathname}${location.search}`), { replace: true });
  }, [status, failureCode, navigate, location.pathname, location.search]);

  return (
    <div className="wj-console">
      {!embedded && <AppHeader />}
      <main className="wj-console__main">
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}

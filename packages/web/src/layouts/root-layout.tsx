import { useEffect, useLayoutEffect } from "react";
import { Navigate, Outlet, useLocation, useMatches, useNavigate } from "react-router";
import { decideAccess } from "../lib/guard.ts";
import { deepestHandleValue, documentTitle } from "../lib/route-handle.ts";
import { readSessionParams, searchWithoutCredentials } from "../lib/url-session.ts";
import { useSessionStore } from "../stores/session-store.ts";
import { useUserStore } from "../stores/user-store.ts";

/**
 * Runs on every route change: stores session values handed over in the query (seed §4), applies the
 * navigation guard (seed §5), loads the user record when a token (or a partner's requestParam) exists
 * and names the page.
 */
export function RootLayout() {
  const location = useLocation();
  const matches = useMatches();
  const navigate = useNavigate();
  const storedToken = useSessionStore((state) => state.token);
  const fromUrl = readSessionParams(location.search);

  useLayoutEffect(() => {
    const session = useSessionStore.getState();
    if (fromUrl.token && fromUrl.token !== session.token) session.setToken(fromUrl.token);
    if (fromUrl.fromType && fromUrl.fromType !== session.fromType) session.setFromType(fromUrl.fromType);
    if (fromUrl.requestParam && fromUrl.requestParam !== session.requestParam) {
      session.setRequestParam(fromUrl.requestParam);
    }
    const search = searchWithoutCredentials(location.search);
    if (search !== null) {
      navigate(
        { pathname: location.pathname, search, hash: location.hash },
        { replace: true, state: location.state },
      );
    }
  }, [fromUrl.token, fromUrl.fromType, fromUrl.requestParam, location, navigate]);

  const requestParam = useSessionStore((state) => state.requestParam);
  useEffect(() => {
    // A partner platform's user arrives with a requestParam and no token: loading the record is the
    // protected call whose 202 answer exchanges it for a session (seed §4).
    const key = storedToken ?? requestParam;
    // Read the store, not the render's copy: StrictMode re-runs this effect before re-rendering.
    if (key && key !== useUserStore.getState().loadedFor) void useUserStore.getState().load(key);
  }, [storedToken, requestParam]);

  const title = deepestHandleValue(matches, "title");
  useEffect(() => {
    document.title = documentTitle(title);
  }, [title]);

  const decision = decideAccess({
    pathname: location.pathname,
    routeName: deepestHandleValue(matches, "name"),
    noAuth: deepestHandleValue(matches, "noAuth") === true,
    // A token arriving in this very URL counts before the effect above has stored it.
    hasToken: Boolean(fromUrl.token || storedToken),
    returnTo: `${location.pathname}${location.search}`,
  });
  if (!decision.allow) return <Navigate to={decision.redirectTo} replace />;
  return <Outlet />;
}

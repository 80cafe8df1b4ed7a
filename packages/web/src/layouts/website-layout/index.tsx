import { activeSiteNav } from "@wjgj/core";
import { ConfigProvider } from "antd";
import { Suspense, useEffect } from "react";
import { Outlet, useLocation } from "react-router";
import { PageLoading } from "../../components/page-loading.tsx";
import { useNavStore } from "../../stores/nav-store.ts";
import { SiteFooter } from "./site-footer.tsx";
import { SiteHeader } from "./site-header.tsx";
import "./website-layout.css";

/**
 * The site's primary colour is a shade deeper than the console's, so white text on it (buttons, the
 * active menu entry) keeps a 4.5:1 contrast for every visitor. antd.css draws the components, as in the console
 * (styles/tokens.ts, `zeroRuntime`).
 */
const SITE_THEME = { zeroRuntime: true, token: { colorPrimary: "#2563eb" } };

/** Public site layout under /website (seed §2). */
export function WebsiteLayout() {
  const { pathname } = useLocation();

  useEffect(() => {
    const nav = useNavStore.getState();
    nav.setActiveNav(activeSiteNav(pathname));
    // A new page closes the phone menu, as tapping a link in it should.
    nav.setPhoneMenuActive(false);
    window.scrollTo({ top: 0 });
  }, [pathname]);

  return (
    <ConfigProvider theme={SITE_THEME}>
      <div className="wj-site">
        <SiteHeader />
        <main className="wj-site__main">
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </main>
        <SiteFooter />
      </div>
    </ConfigProvider>
  );
}

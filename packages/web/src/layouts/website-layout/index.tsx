import { Suspense, useEffect } from "react";
import { Outlet, useLocation } from "react-router";
import { PageLoading } from "../../components/page-loading.tsx";
import { activeSiteNav } from "../../lib/site-nav.ts";
import { useNavStore } from "../../stores/nav-store.ts";
import { SiteFooter } from "./site-footer.tsx";
import { SiteHeader } from "./site-header.tsx";
import "./website-layout.css";

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
    <div className="wj-site">
      <SiteHeader />
      <main className="wj-site__main">
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </main>
      <SiteFooter />
    </div>
  );
}

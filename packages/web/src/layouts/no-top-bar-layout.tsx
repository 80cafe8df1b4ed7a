import { Suspense } from "react";
import { Outlet } from "react-router";
import { PageLoading } from "../components/page-loading.tsx";

/** Answer and preview pages (seed §2): open to anyone, no header, nothing that distracts a respondent. */
export function NoTopBarLayout() {
  return (
    <div className="wj-answer-layout">
      <Suspense fallback={<PageLoading />}>
        <Outlet />
      </Suspense>
    </div>
  );
}

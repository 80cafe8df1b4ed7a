import { Suspense } from "react";
import { Outlet } from "react-router";
import { PageLoading } from "../components/page-loading.tsx";

/** Standalone screens (seed §2): each page draws its own frame. */
export function StandaloneLayout() {
  return (
    <Suspense fallback={<PageLoading />}>
      <Outlet />
    </Suspense>
  );
}

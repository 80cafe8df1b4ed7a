import type { QueryClient } from "@tanstack/react-query";
import { WEBSITE_DATA_SCRIPT_ID, type WebsitePageData } from "@wjgj/core/pages/website";
import { applySeeds } from "./seeds.ts";

/**
 * When the server rendered this page (the public site), puts its reads into the browser's query cache so
 * the first render matches the markup, and says so: the caller then hydrates instead of rendering afresh.
 */
export function adoptServerRender(client: QueryClient): boolean {
  const script = document.getElementById(WEBSITE_DATA_SCRIPT_ID);
  if (!script?.textContent) return false;
  try {
    const data = JSON.parse(script.textContent) as WebsitePageData;
    applySeeds(client, data.seeds);
    return true;
  } catch {
    // Unreadable data: render afresh, fetching as usual.
    return false;
  }
}

import type { ExtraScreenData } from "@wjgj/core/pages/answer";
import { CampaignPage } from "./components/screens/campaign-page.tsx";
import { CoverPage } from "./components/screens/cover-page.tsx";
import { TrailerPage } from "./components/screens/trailer-page.tsx";

/**
 * The notice, cover and campaign pages: server-rendered like /r/{id}, but a chunk of their own in the
 * browser, loaded before hydration only on those pages, so the answer page's first download stays small.
 */
export function ExtraScreen({ data }: { data: ExtraScreenData }) {
  if (data.page === "trailer") return <TrailerPage data={data} />;
  if (data.page === "cover") return <CoverPage data={data} />;
  return <CampaignPage data={data} />;
}

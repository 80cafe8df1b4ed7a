import { onDemand } from "../../lib/on-demand.tsx";
import type { ShareDialogProps } from "./index.tsx";

/**
 * 分享 for a page that offers it but should paint first (我的问卷, 统计与分析): the dialog and what it brings
 * (the questionnaire settings' schemas and zod, for its share card) load after the page has painted
 * (lib/on-demand.tsx).
 */
export const ShareDialogAfterPaint = onDemand<ShareDialogProps>(
  () => import("./index.tsx").then((module) => module.ShareDialog),
  (props) => props.target !== null,
);

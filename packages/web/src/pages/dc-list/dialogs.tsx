import type { SaveAsTemplateDialogProps } from "../../components/save-as-template/index.tsx";
import type { TeamDialogProps } from "../../components/team-dialog/index.tsx";
import { onDemand } from "../../lib/on-demand.tsx";

/*
 * The dialogs of 我的问卷's cards, loaded after the list has painted (lib/on-demand.tsx): the list is the
 * console's first page, and the share dialog alone brought zod and the questionnaire settings' schemas (for its
 * share card) into what it loaded before painting.
 */

export { ShareDialogAfterPaint as ShareDialog } from "../../components/share-dialog/after-paint.tsx";

export const TeamDialog = onDemand<TeamDialogProps>(
  () => import("../../components/team-dialog/index.tsx").then((module) => module.TeamDialog),
  (props) => props.target !== null,
);

export const SaveAsTemplateDialog = onDemand<SaveAsTemplateDialogProps>(
  () => import("../../components/save-as-template/index.tsx").then((module) => module.SaveAsTemplateDialog),
  (props) => props.source !== null,
);

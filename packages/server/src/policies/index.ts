import type { Viewer } from "../http/viewer.ts";

/**
 * Who may do what. Deny by default: an action missing from the switch, or a missing viewer, is refused.
 * Resource-scoped actions (questionnaires, teams) join here as their modules arrive.
 */
export type Action =
  | "account:use"
  | "admin:users"
  | "admin:sms"
  | "admin:content"
  | "admin:vip"
  | "admin:settings"
  | "admin:leads"
  | "admin:audit"
  | "admin:questionnaires";

export function allow(viewer: Viewer | null, action: Action): boolean {
  if (viewer?.user.status !== "active") return false;
  switch (action) {
    case "account:use":
      return true;
    case "admin:users":
    case "admin:sms":
    case "admin:content":
    case "admin:vip":
    case "admin:settings":
    case "admin:leads":
    case "admin:audit":
    case "admin:questionnaires":
      return viewer.user.role === "admin";
    default:
      return false;
  }
}

/** What may be done to one questionnaire (`export`: download its responses as xlsx, csv or a zip). */
export type QuestionnaireAction = "read" | "edit" | "publish" | "delete" | "export";

/**
 * Only the owner, for now; team members join here (by role) when teams arrive. A missing questionnaire
 * or viewer is denied like any other.
 */
export function allowOnQuestionnaire(
  viewer: Viewer | null,
  action: QuestionnaireAction,
  questionnaire: { ownerId: number } | undefined,
): boolean {
  if (!questionnaire || viewer?.user.status !== "active") return false;
  switch (action) {
    case "read":
    case "edit":
    case "publish":
    case "delete":
    case "export":
      return questionnaire.ownerId === viewer.user.id;
    default:
      return false;
  }
}

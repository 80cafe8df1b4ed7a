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
  | "admin:questionnaires"
  | "admin:templates";

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
    case "admin:templates":
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

/**
 * What may be done to one template. `read`: open it whole (the public may read approved public ones);
 * `use`: quote it into one's questionnaires; `edit`/`delete`: its author, or an admin for the site's
 * official ones; `submit`: offer it to the public gallery (authors marked isTemplate, and admins).
 */
export type TemplateAction = "read" | "use" | "edit" | "delete" | "submit";

export interface TemplateSubject {
  ownerId: number | null;
  official: number;
  visibility: string;
  reviewState: string;
}

export function isPublicTemplate(template: TemplateSubject): boolean {
  return template.visibility === "public" && template.reviewState === "approved";
}

export function allowOnTemplate(
  viewer: Viewer | null,
  action: TemplateAction,
  template: TemplateSubject | undefined,
): boolean {
  if (!template) return false;
  if ((action === "read" || action === "use") && isPublicTemplate(template)) {
    // Anyone reads the gallery; using one needs an account.
    return action === "read" || viewer?.user.status === "active";
  }
  if (viewer?.user.status !== "active") return false;
  const admin = viewer.user.role === "admin";
  const own = template.ownerId !== null && template.ownerId === viewer.user.id;
  switch (action) {
    case "read":
    case "use":
      // Admins read everything they review.
      return own || admin;
    case "edit":
    case "delete":
      return own || (admin && template.official === 1);
    case "submit":
      return (own && (viewer.user.isTemplate === 1 || admin)) || (admin && template.official === 1);
    default:
      return false;
  }
}

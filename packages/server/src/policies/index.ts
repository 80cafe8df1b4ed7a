import { type QuestionnaireAction, questionnairePermissions, type TeamRole } from "@wjgj/core";
import type { Viewer } from "../http/viewer.ts";

export type { QuestionnaireAction };

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
  | "admin:templates"
  | "admin:orders"
  | "admin:withdrawals"
  | "admin:invoices";

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
    case "admin:orders":
    case "admin:withdrawals":
    case "admin:invoices":
      return viewer.user.role === "admin";
    default:
      return false;
  }
}

/** A questionnaire as the policy sees it: its owner, and the viewer's membership role when there is one. */
export interface QuestionnaireSubject {
  ownerId: number;
  memberRole?: Exclude<TeamRole, "owner"> | null | undefined;
}

/** The viewer's role on the questionnaire, or null for a non-member. */
export function roleOn(
  viewer: Viewer | null,
  questionnaire: QuestionnaireSubject | undefined,
): TeamRole | null {
  if (!questionnaire || viewer?.user.status !== "active") return null;
  if (questionnaire.ownerId === viewer.user.id) return "owner";
  return questionnaire.memberRole ?? null;
}

export function allowOnQuestionnaire(
  viewer: Viewer | null,
  action: QuestionnaireAction,
  questionnaire: QuestionnaireSubject | undefined,
): boolean {
  const role = roleOn(viewer, questionnaire);
  const roles: readonly TeamRole[] | undefined = questionnairePermissions[action];
  return role !== null && roles?.includes(role) === true;
}

/**
 * Calls that name a questionnaire, and the action each needs: the matrix test calls every one of them as
 * every role and expects exactly what `questionnairePermissions` allows. A new call taking a questionnaire
 * id must be listed here (the test fails otherwise).
 */
export const questionnaireRouteActions: Record<string, QuestionnaireAction> = {
  "questionary/getQuestionaryDetail": "read",
  "questionary/exportDefinition": "read",
  "questionary/saveQuestionary": "edit",
  "questionary/copyQuestionary": "read",
  "questionary/releaseQuestionary": "publish",
  "questionary/stopQuestionary": "publish",
  "questionary/questionaryToCollect": "edit",
  "questionary/delQuestionary": "delete",
  "questionary/recoverQuestionary": "delete",
  "questionary/thoroughDelQuestionary": "delete",
  "questionary/starQuestionary": "star",
  "questionary/getQuestionarySet": "read",
  "questionary/getRetention": "read",
  "questionary/updateQuestionarySet": "edit",
  // 预约 (issue #41): the front desk (who sees the results) views and checks people in; cancelling is managing.
  "questionary/bookings": "results",
  "questionary/checkInBooking": "results",
  "questionary/cancelBooking": "manageResponses",
  // 商品 (issue #41): orders are results; a refund moves the owner's money, as managing the responses may.
  "questionary/formOrders": "results",
  "questionary/refundFormOrder": "manageResponses",
  "questionary/exportFormOrders": "export",
  "questionJump/getConditionDetail": "read",
  "questionJump/delCondition": "edit",
  "showQuestion/getShowList": "read",
  "showQuestion/getShowDetail": "read",
  "showQuestion/delShow": "edit",
  "selectConnect/getSelectConnectList": "read",
  "selectConnect/getQuestionList": "read",
  "selectConnect/addConnect": "edit",
  "selectConnect/updateConnect": "edit",
  "selectConnect/delSelectConnectList": "edit",
  "questionSelectJoin/getSelectJoinQuestionList": "read",
  "questionSelectJoin/addQuestionSelectJoin": "edit",
  "anQuestion/getPreviewQuestionary": "read",
  "statistics/getOverview": "results",
  "statistics/getQuestionStatistics": "results",
  "statistics/getTextAnswers": "results",
  "statistics/getCrossAnalysis": "results",
  "statistics/getExamReport": "results",
  "statistics/getExamTagMastery": "results",
  "statistics/getExamItemAnalysis": "results",
  "statistics/getRescoreProgress": "results",
  "statistics/startRescore": "manageResponses",
  "statistics/getVoteResults": "results",
  "statistics/getAnalysisVariables": "results",
  "statistics/getAnalysis": "results",
  "statistics/getWeighting": "results",
  // The saved weighting changes every member's weighted figures: those who manage the responses set it.
  "statistics/saveWeighting": "manageResponses",
  "statistics/deleteWeighting": "manageResponses",
  "statistics/getWordFrequencies": "results",
  "statistics/getTextDictionary": "results",
  "statistics/saveTextDictionary": "manageResponses",
  "statistics/getTextCodes": "results",
  "statistics/listTextCodes": "results",
  "statistics/saveTextCode": "manageResponses",
  "statistics/deleteTextCode": "manageResponses",
  "statistics/tagTextAnswer": "manageResponses",
  // A shared 数据报告 shows the results to anyone with its link.
  "statistics/getReportShare": "manageResponses",
  "statistics/saveReportShare": "manageResponses",
  // Pinned results go into every reader's report.
  "statistics/pinToReport": "manageResponses",
  "statistics/getReportPins": "results",
  "statistics/unpinFromReport": "manageResponses",
  "answer/getAnswerList": "results",
  "answer/getAnswerDetail": "results",
  "answer/revealPersonal": "revealPersonal",
  "answer/getErasureRequests": "manageResponses",
  "answer/handleErasureRequest": "manageResponses",
  // The 成绩单 PDF is read through getAnswerDetail.
  "answer/getReportCardPdf": "results",
  "answer/deleteAnswer": "manageResponses",
  "answer/restoreAnswer": "manageResponses",
  "answer/markInvalid": "manageResponses",
  "answer/markValid": "manageResponses",
  "answer/gradeAnswer": "manageResponses",
  // 审核 (issue #41): deciding a submission changes the response, as marking it invalid does.
  "answer/approveAnswers": "manageResponses",
  "answer/rejectAnswers": "manageResponses",
  "answer/undoReview": "manageResponses",
  "export/createExport": "export",
  "export/getExportList": "export",
  "export/downloadExport": "export",
  "export/deleteExport": "export",
  "template/addTemplate": "read",
  // A bank copies the questions with their keys, as copyQuestionary and 另存为模板 do.
  "questionBank/addBankFromQuestionary": "read",
  "queationaryTeam/getTeamUserList": "team",
  "queationaryTeam/getQueationaryTeamDetail": "team",
  "queationaryTeam/addTeamUser": "manageTeam",
  "queationaryTeam/searchUserByPhone": "manageTeam",
  "queationaryTeam/stopTeamUserUrl": "manageTeam",
  "queationaryTeam/updateTeamUserRole": "manageTeam",
  "queationaryTeam/delTeamUser": "manageTeam",
  "queationaryTeam/transferOwner": "transfer",
  "queationaryTeam/quitTeam": "leave",
  "queationaryTeam/getTeamActivity": "activity",
  "queationaryTeam/designerHeartbeat": "edit",
  "queationaryTeam/getSmallUrlScheme": "read",
  "prize/getPrizeSet": "read",
  "prize/updatePrizeSet": "edit",
  "prize/addPrize": "edit",
  "prize/updatePrize": "edit",
  "prize/getPrizeList": "read",
  "prize/getPrizeDetail": "read",
  "prize/getWinnerList": "results",
  "prize/exportWinnerList": "export",
  "prize/markSent": "manageResponses",
  // Red packets spend the caller's own wallet: those who may publish add and withdraw them.
  "redPacket/addRedPacket": "publish",
  "redPacket/delRedPacket": "publish",
  "redPacket/getRedPacketList": "read",
  "redPacket/getClaimList": "results",
  "redPacket/reviewClaim": "manageResponses",
  // A post spends the caller's own points on the questionnaire: those who may publish post, pause, resume and end
  // it (its poster always may manage it: answer-space/my-posts.ts).
  "answerSpace/addUserSpace": "publish",
  "answerSpace/delUserSpace": "publish",
  "answerSpace/pauseUserSpace": "publish",
  "answerSpace/resumeUserSpace": "publish",
  // A sample order spends the caller's own wallet on the questionnaire: those who may publish order and
  // cancel; the whole team follows the progress.
  "sampleService/addSampleOrder": "publish",
  "sampleService/cancelSampleOrder": "publish",
  "sampleService/getSampleOrderList": "read",
  // A webhook sends every response out of the site: roles that may both see and manage the responses (the
  // calls naming a hook check its questionnaire the same way: commands/webhooks/manage.ts).
  "webhook/list": "manageResponses",
  "webhook/create": "manageResponses",
  // 实时监考 (issue #40): those who see the results watch; snapshots are personal data; ending an attempt or adding
  // time changes a candidate's response, as managing the responses does.
  "exam/getLive": "results",
  "exam/getTimeline": "results",
  "exam/getSnapshot": "revealPersonal",
  "exam/endAttempt": "manageResponses",
  "exam/addTime": "manageResponses",
  // 考生名单 (issue #40): the masked list with the results; changing it with the responses; in full by reveal.
  "exam/getCandidates": "results",
  "exam/saveCandidate": "manageResponses",
  "exam/importCandidates": "manageResponses",
  "exam/candidateTemplate": "manageResponses",
  "exam/deleteCandidates": "manageResponses",
  "exam/revealCandidate": "revealPersonal",
};

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

/** A questionnaire as the 刷题 policy sees it. */
export interface PracticeSubject {
  kind: string;
  publishedVersion: number | null;
  deletedAt: string | null;
  takenDownAt: string | null;
}

/**
 * 刷题 is open to anyone with the link (no account needed, like /r/{id}) on a published exam or contest whose
 * creator turned on 开放练习; never on a deleted or taken-down one, never on another kind (no answer key).
 */
export function mayPractise(
  questionnaire: PracticeSubject | undefined,
  settings: { practiceOpen: boolean },
): boolean {
  if (!questionnaire || !settings.practiceOpen) return false;
  if (questionnaire.kind !== "exam" && questionnaire.kind !== "knowledge") return false;
  return questionnaire.publishedVersion !== null && !questionnaire.deletedAt && !questionnaire.takenDownAt;
}

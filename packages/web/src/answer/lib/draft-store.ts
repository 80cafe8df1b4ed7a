/**
 * The answer draft kept in local storage per questionnaire, offered back on return
 * (继续上次填写 / 重新填写). It also keeps what must survive a reload of an exam: when it started and how
 * often the respondent left the tab.
 */
export interface AnswerDraft {
  v: 1;
  revisionId: number;
  answers: Record<string, unknown>;
  /** The page the respondent was on and the pages behind it (for 上一页). */
  pageId: string | null;
  history: string[];
  /** Epoch ms of the first answer of this attempt: the exam clock and the reported duration. */
  startedAt: number;
  tabSwitches: number;
  savedAt: number;
}

type DraftStorage = Pick<Storage, "getItem" | "setItem" | "removeItem">;

const PREFIX = "wjgj:draft:";

export function draftKey(publicId: string): string {
  return `${PREFIX}${publicId}`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function parse(text: string | null): AnswerDraft | null {
  if (!text) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isRecord(value) || value.v !== 1 || !isRecord(value.answers)) return null;
  const { revisionId, startedAt, tabSwitches, savedAt, pageId, history } = value;
  if (typeof revisionId !== "number" || typeof startedAt !== "number" || typeof savedAt !== "number")
    return null;
  return {
    v: 1,
    revisionId,
    answers: value.answers,
    pageId: typeof pageId === "string" ? pageId : null,
    history: Array.isArray(history) ? history.filter((id): id is string => typeof id === "string") : [],
    startedAt,
    tabSwitches: typeof tabSwitches === "number" && tabSwitches >= 0 ? tabSwitches : 0,
    savedAt,
  };
}

/** The draft of this questionnaire, or null when none, damaged, or made for another published revision. */
export function loadDraft(
  storage: DraftStorage | null,
  publicId: string,
  revisionId: number,
): AnswerDraft | null {
  try {
    const draft = parse(storage?.getItem(draftKey(publicId)) ?? null);
    return draft && draft.revisionId === revisionId ? draft : null;
  } catch {
    return null;
  }
}

export function saveDraft(storage: DraftStorage | null, publicId: string, draft: AnswerDraft): void {
  try {
    storage?.setItem(draftKey(publicId), JSON.stringify(draft));
  } catch {
    // A full or refused storage only loses the convenience of resuming.
  }
}

export function clearDraft(storage: DraftStorage | null, publicId: string): void {
  try {
    storage?.removeItem(draftKey(publicId));
  } catch {
    // Nothing to clean up then.
  }
}

/** Worth offering back: at least one answer that is not empty. */
export function hasAnswers(draft: AnswerDraft | null): draft is AnswerDraft {
  return (
    draft !== null &&
    Object.values(draft.answers).some(
      (value) =>
        value !== undefined &&
        value !== null &&
        value !== "" &&
        !(Array.isArray(value) && value.length === 0),
    )
  );
}

export function newDraft(revisionId: number, now: number): AnswerDraft {
  return {
    v: 1,
    revisionId,
    answers: {},
    pageId: null,
    history: [],
    startedAt: now,
    tabSwitches: 0,
    savedAt: now,
  };
}

/** 重新填写: answers go, but an exam's clock and tab-switch count stay (starting over must not buy time). */
export function restartDraft(draft: AnswerDraft, isExam: boolean, now: number): AnswerDraft {
  const fresh = newDraft(draft.revisionId, now);
  return isExam ? { ...fresh, startedAt: draft.startedAt, tabSwitches: draft.tabSwitches } : fresh;
}

export function safeStorage(): DraftStorage | null {
  try {
    return typeof localStorage === "undefined" ? null : localStorage;
  } catch {
    return null;
  }
}

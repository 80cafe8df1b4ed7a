import { questionnaireKindNouns } from "@wjgj/core";
import { useEditor } from "../store/use-editor.ts";

/** What the designer calls the thing being edited: 问卷, 考试, 表单, 投票… (问卷 until the draft has loaded). */
export function useKindNoun(): string {
  const kind = useEditor((state) => state.draft?.kind);
  return kind ? questionnaireKindNouns[kind] : "问卷";
}

import type { QuestionaryDetail, QuestionnaireAction } from "@wjgj/core";
import { Button, Result, Skeleton } from "antd";
import type { ReactNode } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { isMissingQuestionnaire } from "../api/errors.ts";
import { useQuestionaryDetail } from "../api/questionary.ts";
import { AccessContext, AccessDenied, accessOf } from "./permitted.tsx";

/**
 * A creator's screen about one questionnaire (/dc/…?id=…): reads the id from the query, loads the
 * questionnaire, and answers 问卷不存在 for a bad id or one that is gone or not the caller's (403 is not told
 * apart, so nobody learns which ids exist). The caller's role decides what the screen offers: `requires` is
 * what opening it needs, and every control inside reads the role through `useAccess` / `Permitted`.
 */
export function QuestionnaireScreen(props: {
  requires?: QuestionnaireAction;
  children: (questionnaire: { id: number; detail: QuestionaryDetail }) => ReactNode;
}) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const id = Number(params.get("id"));
  const valid = Number.isInteger(id) && id > 0;
  // The refusal is this screen's own 问卷不存在: no permission box on top of it.
  const detail = useQuestionaryDetail(valid ? id : null, { quietForbidden: true });

  if (!valid || isMissingQuestionnaire(detail.error))
    return (
      <Result
        status="404"
        title="问卷不存在"
        extra={
          <Button type="primary" onClick={() => navigate("/dc/dclist")}>
            返回我的问卷
          </Button>
        }
      />
    );
  if (!detail.data) return <Skeleton active paragraph={{ rows: 8 }} />;
  const access = accessOf(detail.data);
  const denied = access.reason(props.requires ?? "read");
  if (denied) return <AccessDenied reason={denied} />;
  return (
    <AccessContext.Provider value={access}>
      {props.children({ id, detail: detail.data })}
    </AccessContext.Provider>
  );
}

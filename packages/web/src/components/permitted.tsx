import { deniedReason, type QuestionaryDetail, type QuestionnaireAction } from "@wjgj/core";
import { Button, Result, Tooltip } from "antd";
import { cloneElement, createContext, type ReactElement, useContext } from "react";
import { useNavigate } from "react-router";

/** What the caller may do on one questionnaire, read from its detail (core's role table, as the server checks). */
export interface Access {
  may(action: QuestionnaireAction): boolean;
  /** Why the caller's role may not (shown on hover), or null when it may. */
  reason(action: QuestionnaireAction): string | null;
}

export function accessOf(detail: Pick<QuestionaryDetail, "myRole" | "permissions">): Access {
  const allowed = new Set(detail.permissions);
  return {
    may: (action) => allowed.has(action),
    reason: (action) => (allowed.has(action) ? null : deniedReason(detail.myRole, action)),
  };
}

/** The owner's access: every screen of a questionnaire assumes it unless its page provides the caller's. */
const ownerAccess: Access = { may: () => true, reason: () => null };

export const AccessContext = createContext<Access>(ownerAccess);

/** The caller's access to the questionnaire of the screen (provided by QuestionnaireScreen and the designer). */
export function useAccess(): Access {
  return useContext(AccessContext);
}

/**
 * A control the caller's role may lack: rendered as it is when the role allows `action`; otherwise disabled,
 * with the reason on hover and on keyboard focus, so a member learns before acting rather than after.
 */
export function Permitted({
  action,
  children,
}: {
  action: QuestionnaireAction;
  children: ReactElement<{ disabled?: boolean }>;
}) {
  const reason = useAccess().reason(action);
  if (!reason) return children;
  return (
    <Tooltip title={reason} trigger={["hover", "focus"]}>
      {/* A disabled button gets no pointer or focus events: the wrapper carries the tooltip. */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: focusable so keyboard users can read why it is disabled. */}
      <span className="wj-permitted" data-denied={action} tabIndex={0}>
        {cloneElement(children, { disabled: true })}
      </span>
    </Tooltip>
  );
}

/** A whole screen the caller's role cannot open (a 编辑 member on /dc/result): says why, and the way back. */
export function AccessDenied({ reason }: { reason: string }) {
  const navigate = useNavigate();
  return (
    <Result
      status="403"
      title="没有权限查看此页面"
      subTitle={reason}
      data-testid="access-denied"
      extra={
        <Button type="primary" onClick={() => navigate("/dc/dclist")}>
          返回我的问卷
        </Button>
      }
    />
  );
}

import { Button } from "antd";
import { useNavigate } from "react-router";
import { useSessionStore } from "../../stores/session-store.ts";

/** The login entry: 登录 for visitors, 进入后台 once a session exists. */
export function ConsoleEntry({ block = false }: { block?: boolean }) {
  const hasToken = useSessionStore((state) => Boolean(state.token));
  const navigate = useNavigate();
  return (
    <Button type="primary" block={block} onClick={() => navigate(hasToken ? "/dc/dclist" : "/Loginone")}>
      {hasToken ? "进入后台" : "登录"}
    </Button>
  );
}

import { Button } from "antd";
import { useNavigate } from "react-router";
import { useSessionStore } from "../../stores/session-store.ts";
import { useHydrated } from "../../website/use-hydrated.ts";

/** The login entry: 登录 for visitors, 进入后台 once a session exists. */
export function ConsoleEntry({ block = false }: { block?: boolean }) {
  // The server renders for a visitor; a stored session shows only once the page has hydrated.
  const hydrated = useHydrated();
  const hasToken = useSessionStore((state) => Boolean(state.token)) && hydrated;
  const navigate = useNavigate();
  return (
    <Button type="primary" block={block} onClick={() => navigate(hasToken ? "/dc/dclist" : "/Loginone")}>
      {hasToken ? "进入后台" : "登录"}
    </Button>
  );
}

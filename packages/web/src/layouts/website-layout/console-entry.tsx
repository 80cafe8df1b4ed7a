import { LinkButton } from "../../components/link-button.tsx";
import { useHydrated } from "../../lib/use-hydrated.ts";
import { useSessionStore } from "../../stores/session-store.ts";

/** The login entry: 登录 for visitors, 进入后台 once a session exists. */
export function ConsoleEntry({ block = false }: { block?: boolean }) {
  // The server renders for a visitor; a stored session shows only once the page has hydrated.
  const hydrated = useHydrated();
  const hasToken = useSessionStore((state) => Boolean(state.token)) && hydrated;
  return (
    <LinkButton type="primary" block={block} to={hasToken ? "/dc/dclist" : "/Loginone"}>
      {hasToken ? "进入后台" : "登录"}
    </LinkButton>
  );
}

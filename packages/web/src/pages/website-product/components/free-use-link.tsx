import { Link } from "react-router";
import { useHydrated } from "../../../lib/use-hydrated.ts";
import { useSessionStore } from "../../../stores/session-store.ts";

/**
 * 免费使用: to log in (/loginone), or straight to the questionnaire list for someone logged in. A real link,
 * so search engines follow it; the server renders the visitor's version and a stored session shows after
 * hydration.
 */
export function FreeUseLink({ className, label = "免费使用" }: { className: string; label?: string }) {
  const hydrated = useHydrated();
  const loggedIn = useSessionStore((state) => Boolean(state.token)) && hydrated;
  return (
    <Link className={className} to={loggedIn ? "/dc/dclist" : "/loginone"} data-testid="free-use">
      {label}
    </Link>
  );
}

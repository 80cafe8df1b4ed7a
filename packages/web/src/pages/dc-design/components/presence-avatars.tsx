import { UserOutlined } from "@ant-design/icons";
import { useQuery } from "@tanstack/react-query";
import { Avatar, Tooltip } from "antd";
import { teamApi, teamKeys } from "../../../api/teams.ts";
import { useKindNoun } from "../hooks/use-kind-noun.ts";
import { useEditor } from "../store/use-editor.ts";

/**
 * The designer's heartbeat: every 5 s while the tab is shown, so a colleague who opens the questionnaire appears
 * within seconds; every 20 s in the background (the server counts a beat as present for 50 s).
 */
const HEARTBEAT_MS = 5_000;
const BACKGROUND_HEARTBEAT_MS = 20_000;

/** Who else has this questionnaire open in the designer, as avatars in the header. */
export function PresenceAvatars() {
  const id = useEditor((state) => state.meta?.id ?? null);
  const noun = useKindNoun();
  const presence = useQuery({
    queryKey: [...teamKeys.all, "presence", id ?? 0],
    queryFn: () => teamApi.designerHeartbeat(id ?? 0),
    enabled: id !== null,
    refetchInterval: () => (document.visibilityState === "hidden" ? BACKGROUND_HEARTBEAT_MS : HEARTBEAT_MS),
    refetchIntervalInBackground: true,
    // A failed beat (offline, or a role without editing) just shows nobody.
    retry: false,
  });
  const others = presence.data ?? [];
  if (others.length === 0) return null;
  const names = others.map((person) => person.nickName || "未命名用户").join("、");
  return (
    <Tooltip title={`${names} 也在编辑此${noun}`}>
      <span className="dd-topbar__presence" data-testid="designer-presence">
        {/* Read out as text: the avatars alone say nothing to a screen reader. */}
        <span className="dd-visually-hidden">{`${names} 也在编辑此${noun}`}</span>
        <Avatar.Group max={{ count: 3 }} size="small" aria-hidden>
          {others.map((person) => (
            <Avatar key={person.userId} src={person.avatar || undefined} icon={<UserOutlined />} />
          ))}
        </Avatar.Group>
      </span>
    </Tooltip>
  );
}

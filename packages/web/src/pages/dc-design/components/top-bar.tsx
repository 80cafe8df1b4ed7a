import { GiftOutlined, SaveOutlined, SendOutlined, ShareAltOutlined } from "@ant-design/icons";
import { questionaryStatusNames, questionnaireKindNames } from "@wjgj/core";
import { Button, Tag } from "antd";
import { useNavigate } from "react-router";
import { useKindNoun } from "../hooks/use-kind-noun.ts";
import { usePublish } from "../hooks/use-publish.ts";
import { useSaveAsTemplate } from "../hooks/use-save-as-template.ts";
import { uiActions } from "../store/ui-store.ts";
import { useEditor } from "../store/use-editor.ts";
import { PresenceAvatars } from "./presence-avatars.tsx";
import { SaveIndicator } from "./save-indicator.tsx";
import { TeamButton } from "./team-button.tsx";
import { PreviewMenu, TopBarBack, TopBarTitle, UndoRedoButtons } from "./top-bar-parts.tsx";

export function TopBar() {
  const navigate = useNavigate();
  const meta = useEditor((state) => state.meta);
  const { publish, publishing } = usePublish();
  const saveAsTemplate = useSaveAsTemplate();
  const noun = useKindNoun();

  const publishLabel =
    meta?.status === "published" ? (meta.hasUnpublishedChanges ? "发布更新" : "已发布") : "发布";

  return (
    <header className="dd-topbar">
      <TopBarBack tooltip="返回我的问卷" to="/dc/dclist" />
      <TopBarTitle label={`${noun}名称`} placeholder={`请输入${noun}标题`} maxLength={200} />
      {meta && (
        <span className="dd-topbar__tags">
          <Tag color="blue">{questionnaireKindNames[meta.kind]}</Tag>
          <Tag
            color={meta.status === "published" ? "green" : meta.status === "stopped" ? "orange" : "default"}
          >
            {questionaryStatusNames[meta.status]}
          </Tag>
          {meta.status !== "draft" && meta.hasUnpublishedChanges && <Tag color="gold">有未发布的修改</Tag>}
        </span>
      )}
      <SaveIndicator />
      <PresenceAvatars />
      <span className="dd-topbar__spacer" />
      <UndoRedoButtons />
      <span className="dd-topbar__divider" />
      {meta && <PreviewMenu publicId={meta.publicId} />}
      <Button
        icon={<SaveOutlined />}
        className="dd-topbar__action"
        aria-label="另存为模板"
        loading={saveAsTemplate.preparing}
        onClick={() => void saveAsTemplate.open()}
      >
        另存为模板
      </Button>
      {meta && meta.id > 0 && (
        <Button
          icon={<GiftOutlined />}
          className="dd-topbar__action"
          aria-label="奖励"
          onClick={() => navigate(`/dc/rewards?id=${meta.id}`)}
        >
          奖励
        </Button>
      )}
      <TeamButton />
      <Button
        icon={<ShareAltOutlined />}
        className="dd-topbar__action"
        aria-label="分享"
        onClick={() => uiActions().openDialog({ kind: "share" })}
      >
        分享
      </Button>
      <Button
        type="primary"
        icon={<SendOutlined />}
        loading={publishing}
        data-testid="publish-button"
        className="dd-topbar__action"
        aria-label={publishLabel}
        onClick={() => void publish()}
      >
        {publishLabel}
      </Button>
    </header>
  );
}

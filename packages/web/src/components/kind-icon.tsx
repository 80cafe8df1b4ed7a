import {
  FileTextOutlined,
  FormOutlined,
  LikeOutlined,
  ReadOutlined,
  SmileOutlined,
  TrophyOutlined,
} from "@ant-design/icons";
import type { QuestionnaireKind } from "@wjgj/core";
import type { ComponentType } from "react";
import { colors } from "../styles/tokens.ts";

interface KindLook {
  Icon: ComponentType;
  color: string;
  /** The kind's name in text: the icon colour deepened to 4.5:1 on white (issue #21). */
  textColor: string;
  background: string;
}

/** One colour and icon per questionnaire kind, used by the list and the create page alike. */
export const kindLooks: Record<QuestionnaireKind, KindLook> = {
  survey: { Icon: FileTextOutlined, color: colors.primary, textColor: colors.primary, background: "#eaf1ff" },
  exam: { Icon: ReadOutlined, color: "#f0801a", textColor: "#b46013", background: "#fff3e6" },
  form: { Icon: FormOutlined, color: "#13a36f", textColor: "#10875c", background: "#e6f7f0" },
  vote: { Icon: LikeOutlined, color: "#e8465b", textColor: "#d44053", background: "#fdecee" },
  satisfaction: { Icon: SmileOutlined, color: "#7a5af5", textColor: "#7a5af5", background: "#f1edff" },
  knowledge: { Icon: TrophyOutlined, color: "#c99700", textColor: "#967000", background: "#fdf6dc" },
};

export function KindIcon({ kind, size = 40 }: { kind: QuestionnaireKind; size?: number }) {
  const { Icon, color, background } = kindLooks[kind];
  return (
    <span
      className="wj-kind-icon"
      aria-hidden
      style={{
        display: "inline-flex",
        flexShrink: 0,
        alignItems: "center",
        justifyContent: "center",
        width: size,
        height: size,
        borderRadius: size / 4,
        background,
        color,
        fontSize: size * 0.5,
      }}
    >
      <Icon />
    </span>
  );
}

import {
  AppstoreOutlined,
  CloudUploadOutlined,
  FileAddOutlined,
  FileTextOutlined,
  RightOutlined,
} from "@ant-design/icons";
import type { ReactNode } from "react";

export type CreateMethod = "blank" | "template" | "import" | "file";

const methods: { key: CreateMethod; title: string; text: string; icon: ReactNode }[] = [
  { key: "blank", title: "空白创建", text: "从一张白纸开始，自由添加题目与逻辑", icon: <FileAddOutlined /> },
  {
    key: "template",
    title: "从模板创建",
    text: "在模板中心挑选行业模板，引用后修改",
    icon: <AppstoreOutlined />,
  },
  {
    key: "import",
    title: "文本导入",
    text: "粘贴 Word、问卷星等格式的文本，自动识别题目",
    icon: <FileTextOutlined />,
  },
  {
    key: "file",
    title: "文件导入",
    text: "上传 Excel、Word、SurveyJS 或 LimeSurvey 文件，导入题目与逻辑",
    icon: <CloudUploadOutlined />,
  },
];

/** The ways to start a questionnaire of the chosen kind. */
export function MethodCards({
  kindName,
  onPick,
}: {
  kindName: string;
  onPick: (method: CreateMethod) => void;
}) {
  return (
    <div className="wj-methods">
      {methods.map((method) => (
        <button
          key={method.key}
          type="button"
          className="wj-method"
          onClick={() => onPick(method.key)}
          data-testid={`method-${method.key}`}
        >
          <span className="wj-method__icon" aria-hidden>
            {method.icon}
          </span>
          <span className="wj-method__text">
            <strong>{method.title}</strong>
            <span>{method.key === "blank" ? `新建一份空白${kindName}` : method.text}</span>
          </span>
          <RightOutlined aria-hidden className="wj-method__arrow" />
        </button>
      ))}
    </div>
  );
}

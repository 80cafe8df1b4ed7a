import { CalendarOutlined, ClockCircleOutlined, CloudUploadOutlined, EditOutlined } from "@ant-design/icons";
import { personalPresetValueNames, type Question, textFormatNames } from "@wjgj/core";
import { Fragment } from "react";
import { RichHtml } from "../rich-html.tsx";
import { OptionRows } from "./choice-preview.tsx";

function FakeInput({ hint, icon, tall }: { hint?: string; icon?: React.ReactNode; tall?: boolean }) {
  return (
    <div className={`dd-fake-input${tall ? " dd-fake-input--tall" : ""}`}>
      <span>{hint}</span>
      {icon}
    </div>
  );
}

/** Text, number, date and advanced input types: the empty field a respondent fills in. */
export function TextPreview({ question }: { question: Question }) {
  switch (question.type) {
    case "text": {
      const hint =
        question.config.placeholder ??
        (question.config.format === "none" ? "" : textFormatNames[question.config.format]);
      return <FakeInput hint={hint} />;
    }
    case "textarea":
      return <FakeInput hint={question.config.placeholder} tall />;
    case "multiBlank":
      return (
        <div className="dd-blanks">
          {question.config.blanks.map((blank) => (
            <div className="dd-blank" key={blank.id}>
              <span className="dd-blank__label">{blank.label}</span>
              <FakeInput />
            </div>
          ))}
        </div>
      );
    case "number":
      return <FakeInput hint={question.config.unit ? `单位：${question.config.unit}` : "请输入数字"} />;
    case "date":
      return <FakeInput hint="年 / 月 / 日" icon={<CalendarOutlined />} />;
    case "time":
      return <FakeInput hint="时 : 分" icon={<ClockCircleOutlined />} />;
    case "dateRange":
      return (
        <div className="dd-range">
          <FakeInput hint="开始日期" icon={<CalendarOutlined />} />
          <span>至</span>
          <FakeInput hint="结束日期" icon={<CalendarOutlined />} />
        </div>
      );
    case "personal":
      // As respondents get it (answer page's PersonalField): 性别 as two choices, 民族 as a list, others typed.
      if (question.config.preset === "gender")
        return (
          <OptionRows
            options={[
              { id: "男", label: "男" },
              { id: "女", label: "女" },
            ]}
            marker="radio"
            columns={2}
          />
        );
      if (question.config.preset === "ethnicity") return <div className="dd-fake-select">请选择民族</div>;
      return <FakeInput hint={`请输入${personalPresetValueNames[question.config.preset]}`} />;
    case "region":
      return (
        <div className="dd-range">
          {["省份", "城市", "区县"].slice(0, question.config.levels).map((level) => (
            <div className="dd-fake-select" key={level}>
              {level}
            </div>
          ))}
        </div>
      );
    case "file":
      return (
        <div className="dd-dropzone">
          <CloudUploadOutlined aria-hidden /> 点击或拖拽上传文件
          <small>
            {question.config.accept.length > 0 ? question.config.accept.join("、") : "不限格式"}，单个不超过
            {question.config.maxSizeMb}MB，最多{question.config.maxCount}个
            {question.config.sensitive ? "；文件加密保存，仅发布方授权人员可查看" : ""}
          </small>
        </div>
      );
    case "signature":
      return (
        <div className="dd-dropzone dd-dropzone--sign">
          <EditOutlined aria-hidden /> 点击此处签名
        </div>
      );
    default:
      return null;
  }
}

/** 横向填空: the title itself holds the blanks, drawn as underlined gaps. */
export function InlineBlankTitle({ html }: { html: string }) {
  const parts = html.split("___");
  return (
    <span>
      {parts.map((part, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts have no identity besides their position.
        <Fragment key={index}>
          <RichHtml html={part} />
          {index < parts.length - 1 && <span className="dd-inline-blank" />}
        </Fragment>
      ))}
    </span>
  );
}

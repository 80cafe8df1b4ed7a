import { QuestionCircleOutlined } from "@ant-design/icons";
import { useQuery } from "@tanstack/react-query";
import { type ExamGuard, examGuardSchema } from "@wjgj/core";
import { InputNumber, Select, Switch, Tooltip } from "antd";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { questionaryApi } from "../../../../api/questionary.ts";
import { designerKeys } from "../../hooks/use-reload.ts";
import { settingsAutosave } from "../../hooks/use-settings-autosave.ts";
import { useEditor } from "../../store/use-editor.ts";

interface RowProps {
  id: string;
  label: string;
  tip?: string;
  children: ReactNode;
}

/** One setting: its label (with the tooltip that explains it) and its control, labelled by it. */
function Row({ id, label, tip, children }: RowProps) {
  return (
    <div className="dd-field">
      <span className="dd-field__label">
        <span id={id}>{label}</span>
        {tip && (
          <Tooltip title={tip}>
            <QuestionCircleOutlined
              className="dd-field__tip"
              style={{ marginInlineStart: 4, color: "#8c96a5" }}
              aria-label={`${label}说明`}
            />
          </Tooltip>
        )}
      </span>
      {children}
    </div>
  );
}

export interface ExamGuardFormProps {
  value: ExamGuard;
  onChange: (next: ExamGuard) => void;
  disabled?: boolean;
  /** The questionnaire, for the link to its 考生名单 on the 监考 tab. */
  id?: number;
}

/** 考试防作弊 as controls over one examGuard value; every change hands over the whole group. */
export function ExamGuardForm({ value, onChange, disabled = false, id }: ExamGuardFormProps) {
  const change = (patch: Partial<ExamGuard>) => onChange({ ...value, ...patch });
  const toggle = (key: keyof ExamGuard, labelId: string, extra?: Partial<ExamGuard>) => (
    <Switch
      size="small"
      aria-labelledby={labelId}
      disabled={disabled}
      checked={value[key] === true}
      onChange={(on) => change({ [key]: on, ...(on ? {} : extra) })}
    />
  );
  // Settings that need 考生名单: off and explained until the list is on.
  const listOnly = (key: keyof ExamGuard, labelId: string, extra?: Partial<ExamGuard>) =>
    value.candidatesOnly ? (
      toggle(key, labelId, extra)
    ) : (
      <Tooltip title="需先开启考生名单">
        <span className="wj-permitted">
          <Switch size="small" aria-labelledby={labelId} disabled checked={false} />
        </span>
      </Tooltip>
    );
  return (
    <div className="dd-exam-guard" data-testid="exam-guard-settings">
      <h4 className="dd-section__title">考试防作弊</h4>
      <Row
        id="eg-candidates"
        label="考生名单"
        tip="只有名单中的考生可以作答：考生先登录（准考证号和姓名，或手机验证码）再开始考试"
      >
        {/* Without a list the watermark has no name to show and 查分 no one to sign in: they go off with it. */}
        {toggle("candidatesOnly", "eg-candidates", {
          watermark: false,
          review: false,
          reviewReleased: false,
        })}
      </Row>
      {value.candidatesOnly && (
        <>
          <Row id="eg-sign-in" label="登录方式">
            <Select
              aria-labelledby="eg-sign-in"
              style={{ width: 150 }}
              disabled={disabled}
              value={value.signIn}
              options={[
                { value: "number", label: "准考证号 + 姓名" },
                { value: "phone", label: "手机验证码" },
              ]}
              onChange={(signIn) => change({ signIn })}
            />
          </Row>
          <p className="dd-hint">
            名单在「统计与分析 · 监考」中导入或添加
            {id ? (
              <>
                ：<Link to={`/dc/result?id=${id}&tab=invigilation`}>管理考生名单</Link>
              </>
            ) : null}
          </p>
        </>
      )}
      <Row id="eg-attempts" label="每人可考次数" tip="开启考生名单时按考生计；未开启时按答题设备计">
        <InputNumber
          aria-labelledby="eg-attempts"
          min={1}
          max={10}
          precision={0}
          disabled={disabled}
          value={value.attempts}
          onChange={(attempts) => attempts !== null && change({ attempts })}
        />
      </Row>
      <Row id="eg-fullscreen" label="全屏作答" tip="考生须在全屏下作答">
        {toggle("fullscreen", "eg-fullscreen")}
      </Row>
      {value.fullscreen && <p className="dd-hint">退出全屏计入切屏次数，超过切屏次数限制自动交卷</p>}
      <Row id="eg-block-copy" label="禁止复制粘贴" tip="题目区域禁止复制、剪切、粘贴、右键菜单和选中文字">
        {toggle("blockCopy", "eg-block-copy")}
      </Row>
      <Row id="eg-watermark" label="考生水印" tip="在页面上铺满考生的姓名和准考证号，防止拍照外传">
        {listOnly("watermark", "eg-watermark")}
      </Row>
      {!value.candidatesOnly && <p className="dd-hint">考生水印需先开启考生名单</p>}
      <Row id="eg-camera" label="摄像头监考" tip="开始时和作答中按间隔随机抓拍考生照片">
        {toggle("camera", "eg-camera")}
      </Row>
      {value.camera && (
        <>
          <Row id="eg-snapshot" label="抓拍间隔（分钟）">
            <InputNumber
              aria-labelledby="eg-snapshot"
              min={1}
              max={30}
              precision={0}
              disabled={disabled}
              value={value.snapshotMinutes}
              onChange={(snapshotMinutes) => snapshotMinutes !== null && change({ snapshotMinutes })}
            />
          </Row>
          <p className="dd-hint">考生须先同意开启摄像头才能开始考试；照片仅本考试的管理者可以查看</p>
        </>
      )}
      <Row id="eg-review" label="开放查分" tip="考生凭登录信息查看自己的答卷、得分、正确答案和解析">
        {listOnly("review", "eg-review", { reviewReleased: false })}
      </Row>
      {!value.candidatesOnly && (
        <p className="dd-hint">开放查分需先开启考生名单：考生凭准考证号和姓名（或手机验证码）查分</p>
      )}
      {value.review && value.candidatesOnly && (
        <>
          <Row id="eg-released" label="立即发布成绩">
            {toggle("reviewReleased", "eg-released")}
          </Row>
          {!value.reviewReleased && <p className="dd-hint">未发布成绩时，到收集结束时间后开放查分</p>}
        </>
      )}
    </div>
  );
}

/**
 * 考试防作弊 (exams only): a 问卷设置 like 切屏次数限制, stored with the questionnaire's settings, so it applies
 * without re-publishing and saves itself like them.
 */
export function ExamGuardSettings() {
  const id = useEditor((state) => state.meta?.id ?? 0);
  const query = useQuery({
    queryKey: designerKeys.settings(id),
    queryFn: ({ signal }) => questionaryApi.getQuestionarySet(id, { signal }),
    enabled: id > 0,
  });
  // Settings saved before the guard existed have none: the defaults fill it in.
  const value = examGuardSchema.parse(query.data?.examGuard ?? {});
  return (
    <ExamGuardForm
      id={id}
      value={value}
      disabled={!query.data}
      onChange={(examGuard) => settingsAutosave()?.change({ examGuard })}
    />
  );
}

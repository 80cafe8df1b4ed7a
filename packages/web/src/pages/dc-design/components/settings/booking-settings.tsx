import { DeleteOutlined, PlusOutlined } from "@ant-design/icons";
import type { BookingConfig, BookingIssue, BookingSchedule, QuestionOfType } from "@wjgj/core";
import { Button, Checkbox, DatePicker, InputNumber, Select, Space, Switch, TimePicker } from "antd";
import dayjs, { type Dayjs } from "dayjs";
import { type ReactNode, useState } from "react";
import {
  type CutoffUnit,
  cutoffMinutes,
  cutoffParts,
  issuesByBlock,
  nextTimeRange,
  slotCount,
  timeRowOf,
} from "../../lib/booking-schedule.ts";
import { editorActions } from "../../store/use-editor.ts";
import "./booking-settings.css";

const WEEKDAYS = ["周一", "周二", "周三", "周四", "周五", "周六", "周日"].map((label, i) => ({
  label,
  value: i + 1,
}));
const DATE = "YYYY-MM-DD";
const TIME = "HH:mm";

function Issues({ issues }: { issues: readonly BookingIssue[] | undefined }) {
  if (!issues?.length) return null;
  return (
    <ul className="dd-bk-issues" role="alert">
      {issues.map((issue) => (
        <li key={`${issue.code}:${issue.field}`}>{issue.message}</li>
      ))}
    </ul>
  );
}

function Block({ label, children, issues }: { label: string; children: ReactNode; issues?: BookingIssue[] }) {
  return (
    <div className="dd-field dd-field--block">
      <span className="dd-field__label">{label}</span>
      <div className="dd-field__control">{children}</div>
      <Issues issues={issues} />
    </div>
  );
}

const timeOf = (text: string): Dayjs | null => {
  const parsed = dayjs(`2000-01-01 ${text}`, `${DATE} ${TIME}`);
  return parsed.isValid() ? parsed : null;
};
const datesOf = (dates: readonly string[]) => dates.map((date) => dayjs(date, DATE));

/**
 * 预约 settings (issue #41): the schedule — date range, weekdays, daily time ranges, places, per-person limit,
 * cut-off, holidays and extra open dates — with core's Chinese issues beside the fields they name and the
 * number of slots it yields.
 */
export function BookingSettings({ question }: { question: QuestionOfType<"booking"> }) {
  const config: BookingConfig = question.config;
  const schedule = config.schedule;
  const [unit, setUnit] = useState<CutoffUnit>(() => cutoffParts(schedule.cutoffMinutes).unit);
  const issues = issuesByBlock(schedule);
  const count = slotCount(schedule);
  const patch = (next: Partial<BookingSchedule>, key: string) =>
    editorActions().patchConfig(
      question.id,
      { schedule: { ...schedule, ...next } },
      `config:${question.id}:schedule:${key}`,
    );
  const patchTime = (index: number, range: { start: string; end: string } | null) =>
    patch(
      {
        times: range
          ? schedule.times.map((time, i) => (i === index ? range : time))
          : schedule.times.filter((_, i) => i !== index),
      },
      `times:${index}`,
    );
  const timeIssues = issues.get("times") ?? [];
  const cutoffValue = unit === "hour" ? schedule.cutoffMinutes / 60 : schedule.cutoffMinutes;

  return (
    <div className="dd-config dd-bk" data-testid="booking-settings">
      <Block label="预约日期" issues={issues.get("dates")}>
        <DatePicker.RangePicker
          aria-label="预约日期"
          allowClear={false}
          style={{ width: "100%" }}
          value={[dayjs(schedule.startDate, DATE), dayjs(schedule.endDate, DATE)]}
          onChange={(range) => {
            const [start, end] = range ?? [];
            if (start && end) patch({ startDate: start.format(DATE), endDate: end.format(DATE) }, "dates");
          }}
        />
      </Block>
      <Block label="每周可预约" issues={issues.get("weekdays")}>
        <Checkbox.Group
          className="dd-bk-weekdays"
          options={WEEKDAYS}
          value={schedule.weekdays}
          onChange={(days) => patch({ weekdays: [...days].sort((a, b) => a - b) }, "weekdays")}
        />
      </Block>
      <Block label="每天的时段" issues={timeIssues.filter((issue) => timeRowOf(issue) === null)}>
        <ol className="dd-bk-times">
          {schedule.times.map((time, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place; two may be equal.
            <li key={i}>
              <Space.Compact block>
                <TimePicker.RangePicker
                  aria-label={`第${i + 1}个时段`}
                  format={TIME}
                  minuteStep={15}
                  allowClear={false}
                  order={false}
                  value={[timeOf(time.start), timeOf(time.end)]}
                  onChange={(range) => {
                    const [start, end] = range ?? [];
                    if (start && end) patchTime(i, { start: start.format(TIME), end: end.format(TIME) });
                  }}
                />
                <Button
                  aria-label={`删除第${i + 1}个时段`}
                  icon={<DeleteOutlined />}
                  onClick={() => patchTime(i, null)}
                />
              </Space.Compact>
              <Issues issues={timeIssues.filter((issue) => timeRowOf(issue) === i)} />
            </li>
          ))}
        </ol>
        <Button
          size="small"
          icon={<PlusOutlined />}
          onClick={() => patch({ times: [...schedule.times, nextTimeRange(schedule.times)] }, "times:add")}
        >
          添加时段
        </Button>
      </Block>
      <div className="dd-bk-numbers">
        <Block label="每个时段名额" issues={issues.get("places")}>
          <InputNumber
            aria-label="每个时段名额"
            // 0 is let through so core's message says why it is refused (antd's min would clamp silently).
            min={0}
            precision={0}
            suffix="人"
            value={schedule.places}
            onChange={(places) => patch({ places: places ?? 0 }, "places")}
          />
        </Block>
        <Block label="每人最多预约" issues={issues.get("perPerson")}>
          <InputNumber
            aria-label="每人最多预约"
            min={0}
            precision={0}
            suffix="次"
            value={schedule.perPerson}
            onChange={(perPerson) => patch({ perPerson: perPerson ?? 0 }, "perPerson")}
          />
        </Block>
      </div>
      <Block label="截止时间（时段开始前）" issues={issues.get("cutoff")}>
        <Space.Compact>
          <InputNumber
            aria-label="截止时间"
            min={0}
            precision={0}
            value={cutoffValue}
            onChange={(value) => patch({ cutoffMinutes: cutoffMinutes(value ?? 0, unit) }, "cutoff")}
          />
          <Select
            aria-label="截止时间单位"
            style={{ width: 84 }}
            value={unit}
            options={[
              { value: "minute", label: "分钟" },
              { value: "hour", label: "小时" },
            ]}
            onChange={(next: CutoffUnit) => {
              setUnit(next);
              patch({ cutoffMinutes: cutoffMinutes(cutoffValue, next) }, "cutoff");
            }}
          />
        </Space.Compact>
        <p className="dd-bk-hint">截止后不能再预约、改约或取消</p>
      </Block>
      <Block label="不可预约的日期（节假日）" issues={issues.get("exceptions")}>
        <DatePicker
          multiple
          aria-label="不可预约的日期"
          style={{ width: "100%" }}
          placeholder="选择日期"
          value={datesOf(schedule.exceptions)}
          onChange={(dates) =>
            patch({ exceptions: (dates ?? []).map((date) => date.format(DATE)).sort() }, "exceptions")
          }
        />
      </Block>
      <Block label="额外开放的日期（如调休上班）" issues={issues.get("extraDates")}>
        <DatePicker
          multiple
          aria-label="额外开放的日期"
          style={{ width: "100%" }}
          placeholder="选择日期"
          value={datesOf(schedule.extraDates)}
          onChange={(dates) =>
            patch({ extraDates: (dates ?? []).map((date) => date.format(DATE)).sort() }, "extraDates")
          }
        />
      </Block>
      <div className="dd-field">
        <span className="dd-field__label">显示剩余名额</span>
        <Switch
          size="small"
          aria-label="显示剩余名额"
          checked={config.showRemaining}
          onChange={(showRemaining) =>
            editorActions().patchConfig(question.id, { showRemaining }, `config:${question.id}:showRemaining`)
          }
        />
      </div>
      <Issues issues={issues.get("other")} />
      <p className="dd-bk-count" data-testid="booking-slot-count">
        {count === null ? "请先修正上面的设置" : `共 ${count} 个时段`}
      </p>
    </div>
  );
}

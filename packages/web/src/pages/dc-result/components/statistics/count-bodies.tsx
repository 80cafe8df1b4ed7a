import type {
  BlanksStatistics,
  ChoiceStatistics,
  CountShare,
  NpsStatistics,
  RatingStatistics,
  RegionStatistics,
} from "@wjgj/core";
import { Button, Col, Row, Statistic } from "antd";
import { useMemo } from "react";
import { formatNumber, formatPercent } from "../../lib/format.ts";
import type { BodyProps } from "./body-props.ts";
import { CountBlock } from "./count-block.tsx";
import { CountTable } from "./count-table.tsx";

/** 单选, 多选, 下拉, 判断, 投票, 图片选择, 预约, 多级联动 (every node with its level). */
export function ChoiceBody({ stats, defaultKind, onShowText }: BodyProps<ChoiceStatistics>) {
  const rows = useMemo(() => {
    const showOther = () => onShowText(stats.questionId, `${stats.title} · 其他填写内容`);
    return stats.options.map((option) => ({
      key: option.optionId,
      label: `${"\u3000".repeat(Math.max(0, (option.level ?? 1) - 1))}${option.label}`,
      chartLabel: option.label,
      count: option.count,
      percentage: option.percentage,
      extra:
        option.isOther && stats.otherTextCount > 0 ? (
          <Button type="link" size="small" onClick={showOther}>
            查看填写内容
          </Button>
        ) : undefined,
    }));
  }, [stats, onShowText]);
  return <CountBlock rows={rows} total={stats.answered} defaultKind={defaultKind} chartName={stats.title} />;
}

/** 星级, 量表, NPS: the answers per score, as a table or a column (or pie) chart. */
function ScoreBlock({
  stats,
  defaultKind,
}: Pick<BodyProps<RatingStatistics | NpsStatistics>, "stats" | "defaultKind">) {
  const rows = useMemo(
    () =>
      stats.distribution.map((point) => ({
        key: String(point.value),
        label: point.label,
        count: point.count,
        percentage: point.percentage,
      })),
    [stats],
  );
  return (
    <CountBlock
      rows={rows}
      total={stats.answered}
      labelTitle="分值"
      defaultKind={defaultKind === "pie" ? "pie" : "column"}
      chartName={stats.title}
    />
  );
}

/** 星级, 量表: the mean and the histogram over the scale. */
export function RatingBody({ stats, defaultKind }: BodyProps<RatingStatistics>) {
  return (
    <>
      <div className="wj-measures">
        <Statistic title="平均分" value={formatNumber(stats.average)} />
      </div>
      <ScoreBlock stats={stats} defaultKind={defaultKind} />
    </>
  );
}

function Group({
  title,
  hint,
  share,
  tone,
}: {
  title: string;
  hint: string;
  share: CountShare;
  tone: string;
}) {
  return (
    <div className={`wj-nps__group wj-nps__group--${tone}`}>
      <div className="wj-nps__name">
        {title}
        <span className="wj-muted">（{hint}）</span>
      </div>
      <div className="wj-nps__value">
        {share.count} 人 · {formatPercent(share.percentage)}
      </div>
    </div>
  );
}

/** NPS: 推荐者 9–10, 被动者 7–8, 贬损者 0–6, and % 推荐者 − % 贬损者. */
export function NpsBody({ stats, defaultKind }: BodyProps<NpsStatistics>) {
  return (
    <>
      <Row gutter={16} align="middle" className="wj-nps">
        <Col xs={24} md={6}>
          <Statistic title="NPS 净推荐值" value={stats.score ?? "-"} />
        </Col>
        <Col xs={24} md={18} className="wj-nps__groups">
          <Group title="推荐者" hint="9-10分" share={stats.promoters} tone="good" />
          <Group title="被动者" hint="7-8分" share={stats.passives} tone="mid" />
          <Group title="贬损者" hint="0-6分" share={stats.detractors} tone="bad" />
        </Col>
      </Row>
      <ScoreBlock stats={stats} defaultKind={defaultKind} />
    </>
  );
}

/** 省市区: answers by province. */
export function RegionBody({ stats, defaultKind }: BodyProps<RegionStatistics>) {
  const rows = useMemo(
    () =>
      stats.provinces.map((province) => ({
        key: province.code,
        label: province.name,
        count: province.count,
        percentage: province.percentage,
      })),
    [stats],
  );
  return (
    <CountBlock
      rows={rows}
      total={stats.answered}
      labelTitle="省份"
      defaultKind={defaultKind === "table" ? "table" : "bar"}
      chartName={stats.title}
    />
  );
}

/** 多项填空: how often each blank was filled; the texts open in the drawer. */
export function BlanksBody({ stats, onShowText }: BodyProps<BlanksStatistics>) {
  const rows = useMemo(
    () =>
      stats.blanks.map((blank) => ({
        key: blank.blankId,
        label: blank.label,
        count: blank.count,
        percentage: blank.percentage,
      })),
    [stats],
  );
  return (
    <>
      <CountTable rows={rows} labelTitle="填空项" total={stats.answered} />
      <Button type="link" onClick={() => onShowText(stats.questionId, `${stats.title} · 填写内容`)}>
        查看全部填写内容
      </Button>
    </>
  );
}

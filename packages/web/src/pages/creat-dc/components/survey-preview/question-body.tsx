import { CheckOutlined, StarFilled } from "@ant-design/icons";
import { getQuestionType, type Option, type Question } from "@wjgj/core";
import { Fragment } from "react";

function Choices({ options, multiple }: { options: readonly Option[]; multiple: boolean }) {
  return (
    <ul className="wj-pv__choices">
      {options.map((option) => (
        <li key={option.id} className={option.correct ? "is-correct" : undefined}>
          <span className={multiple ? "wj-pv__box" : "wj-pv__dot"} aria-hidden />
          <span>{option.label}</span>
          {option.other && <span className="wj-pv__other" aria-hidden />}
          {option.exclusive && <em className="wj-pv__flag">互斥</em>}
          {option.correct && <CheckOutlined className="wj-pv__tick" aria-label="正确答案" />}
        </li>
      ))}
    </ul>
  );
}

const range = (from: number, count: number) =>
  Array.from({ length: count }, (_, index) => String(from + index));

function Scale({
  items,
  minLabel,
  maxLabel,
}: {
  items: readonly string[];
  minLabel?: string;
  maxLabel?: string;
}) {
  return (
    <div className="wj-pv__scale">
      <div className="wj-pv__points">
        {items.map((item, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: scale points are positional.
          <span key={index}>{item}</span>
        ))}
      </div>
      {(minLabel || maxLabel) && (
        <div className="wj-pv__ends">
          <span>{minLabel}</span>
          <span>{maxLabel}</span>
        </div>
      )}
    </div>
  );
}

function Grid({
  rows,
  columns,
  cell,
}: {
  rows: readonly Option[];
  columns: readonly string[];
  cell: string;
}) {
  return (
    <div className="wj-pv__table-wrap">
      <table className="wj-pv__table">
        <thead>
          <tr>
            <th />
            {columns.map((column, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: column labels may repeat; position is the identity.
              <th key={index} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id}>
              <th scope="row">{row.label}</th>
              {columns.map((_, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: one cell per column position.
                <td key={index}>
                  <span className={cell} aria-hidden />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Roughly what a respondent sees under the title of each type; inputs are drawn, not interactive. */
export function QuestionBody({ question }: { question: Question }) {
  switch (question.type) {
    case "single":
    case "trueFalse":
    case "voteSingle":
    case "imageSingle":
      return <Choices options={question.config.options} multiple={false} />;
    case "multiple":
    case "voteMultiple":
    case "imageMultiple":
      return <Choices options={question.config.options} multiple />;
    case "dropdown":
      return (
        <div className="wj-pv__select">
          {question.config.placeholder}
          <span className="wj-pv__hint">
            （{question.config.options.map((option) => option.label).join(" / ")}）
          </span>
        </div>
      );
    case "text":
    case "number":
    case "date":
    case "time":
      return <div className="wj-pv__input" />;
    case "textarea":
      return <div className="wj-pv__input wj-pv__input--area" />;
    case "multiBlank":
      return (
        <div className="wj-pv__blanks">
          {question.config.blanks.map((blank) => (
            <Fragment key={blank.id}>
              <span>{blank.label}</span>
              <div className="wj-pv__input" />
            </Fragment>
          ))}
        </div>
      );
    case "ranking":
      return (
        <ol className="wj-pv__ranking">
          {question.config.options.map((option) => (
            <li key={option.id}>{option.label}</li>
          ))}
        </ol>
      );
    case "likert": {
      const { points, start, minLabel, maxLabel, labels } = question.config;
      if (labels && labels.length === points) return <Scale items={labels} />;
      return <Scale items={range(start, points)} minLabel={minLabel} maxLabel={maxLabel} />;
    }
    case "nps":
      return (
        <Scale items={range(0, 11)} minLabel={question.config.minLabel} maxLabel={question.config.maxLabel} />
      );
    case "star":
      return (
        <div className="wj-pv__stars" title={`${question.config.max} 星评分`}>
          {range(1, question.config.max).map((point) => (
            <StarFilled key={point} />
          ))}
        </div>
      );
    case "matrixSingle":
    case "matrixMultiple":
      return (
        <Grid
          rows={question.config.rows}
          columns={question.config.columns.map((column) => column.label)}
          cell={question.type === "matrixSingle" ? "wj-pv__dot" : "wj-pv__box"}
        />
      );
    case "matrixFill":
      return (
        <Grid
          rows={question.config.rows}
          columns={question.config.columns.map((c) => c.label)}
          cell="wj-pv__cell"
        />
      );
    case "matrixScale": {
      const { scale } = question.config;
      const columns = scale.labels ?? range(scale.start, scale.points);
      return <Grid rows={question.config.rows} columns={columns} cell="wj-pv__dot" />;
    }
    case "inlineBlank":
    case "paragraph":
    case "divider":
    case "group":
      return null;
    default:
      return <div className="wj-pv__hint">（{getQuestionType(question.type)?.name ?? question.type}）</div>;
  }
}

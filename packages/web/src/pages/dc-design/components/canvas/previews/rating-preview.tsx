import { StarFilled } from "@ant-design/icons";
import type { Question } from "@wjgj/core";

function Scale({
  from,
  to,
  minLabel,
  maxLabel,
}: {
  from: number;
  to: number;
  minLabel?: string;
  maxLabel?: string;
}) {
  const points = Array.from({ length: to - from + 1 }, (_, i) => from + i);
  return (
    <div className="dd-scale">
      <div className="dd-scale__points">
        {points.map((point) => (
          <span className="dd-scale__point" key={point}>
            {point}
          </span>
        ))}
      </div>
      {(minLabel || maxLabel) && (
        <div className="dd-scale__labels">
          <span>{minLabel}</span>
          <span>{maxLabel}</span>
        </div>
      )}
    </div>
  );
}

/** Rating types: stars, NPS 0–10, Likert points and the slider track. */
export function RatingPreview({ question }: { question: Question }) {
  switch (question.type) {
    case "star":
      return (
        <div className="dd-stars">
          {Array.from({ length: question.config.max }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: stars are identical and positional.
            <StarFilled key={i} />
          ))}
        </div>
      );
    case "nps":
      return (
        <Scale from={0} to={10} minLabel={question.config.minLabel} maxLabel={question.config.maxLabel} />
      );
    case "likert":
      return (
        <Scale
          from={question.config.start}
          to={question.config.start + question.config.points - 1}
          minLabel={question.config.minLabel}
          maxLabel={question.config.maxLabel}
        />
      );
    case "slider":
      return (
        <div className="dd-slider">
          <span>{question.config.min}</span>
          <div className="dd-slider__track">
            <span className="dd-slider__thumb" />
          </div>
          <span>
            {question.config.max}
            {question.config.unit}
          </span>
        </div>
      );
    default:
      return null;
  }
}

import { PictureOutlined } from "@ant-design/icons";
import type { Option, Question } from "@wjgj/core";
import { OptionListEditor, type OptionMarker } from "../option-list-editor.tsx";

const multiTypes = new Set(["multiple", "imageMultiple", "voteMultiple"]);

function markerOf(type: string): OptionMarker {
  return multiTypes.has(type) ? "check" : "radio";
}

function columnsOf(question: Question): number {
  const columns = (question.config as { columns?: unknown }).columns;
  return typeof columns === "number" && columns > 1 ? columns : 1;
}

/** Options as a respondent sees them before answering: a marker and the label, in `columns` columns. */
export function OptionRows({
  options,
  marker,
  columns,
}: {
  options: readonly Option[];
  marker: OptionMarker;
  columns: number;
}) {
  return (
    <div
      className="dd-options"
      style={columns > 1 ? { gridTemplateColumns: `repeat(${columns}, 1fr)` } : undefined}
    >
      {options.map((option) => (
        <div className={`dd-option${option.hidden ? " dd-option--hidden" : ""}`} key={option.id}>
          <span className={`dd-marker dd-marker--${marker}`} aria-hidden />
          <span className="dd-option__label">{option.label || "\u00a0"}</span>
          {option.other && <span className="dd-fake-input dd-fake-input--inline" />}
        </div>
      ))}
    </div>
  );
}

function ImageTiles({ options, marker }: { options: readonly Option[]; marker: OptionMarker }) {
  return (
    <div className="dd-image-grid">
      {options.map((option) => (
        <div className="dd-image-tile" key={option.id}>
          <div className="dd-image-tile__img">
            <PictureOutlined />
            {option.image && (
              <img
                src={option.image}
                alt=""
                loading="lazy"
                onError={(event) => {
                  event.currentTarget.style.display = "none";
                }}
              />
            )}
          </div>
          <div className="dd-image-tile__label">
            <span className={`dd-marker dd-marker--${marker}`} aria-hidden />
            {option.label}
          </div>
        </div>
      ))}
    </div>
  );
}

/** Choice-like questions as the respondent sees them; the selected one edits its options in place. */
export function ChoicePreview({ question, selected }: { question: Question; selected: boolean }) {
  const options = "options" in question.config ? (question.config.options as Option[]) : [];
  if (question.optionSource) {
    return <div className="dd-note">选项将在作答时引用前面题目的选项（见下方「引用选项」）</div>;
  }
  const marker = markerOf(question.type);
  const image = question.type === "imageSingle" || question.type === "imageMultiple";
  if (selected) {
    return (
      <>
        {image && <ImageTiles options={options} marker={marker} />}
        {question.type === "dropdown" && <div className="dd-fake-select">请选择</div>}
        <OptionListEditor
          questionId={question.id}
          listKey="options"
          options={options}
          marker={question.type === "dropdown" || question.type === "ranking" ? "none" : marker}
          allowOther={
            question.type !== "trueFalse" && question.type !== "ranking" && question.type !== "allocation"
          }
          // 判断题 has exactly its two options (对 and 错): none to add, none to delete.
          fixed={question.type === "trueFalse"}
        />
      </>
    );
  }
  if (image) return <ImageTiles options={options} marker={marker} />;
  if (question.type === "dropdown")
    return (
      <div className="dd-fake-select">
        {(question.config as { placeholder?: string }).placeholder ?? "请选择"}
      </div>
    );
  if (question.type === "ranking") {
    return (
      <div className="dd-options">
        {options.map((option, index) => (
          <div className="dd-option" key={option.id}>
            <span className="dd-rank">{index + 1}</span>
            <span className="dd-option__label">{option.label}</span>
          </div>
        ))}
      </div>
    );
  }
  if (question.type === "allocation") {
    return (
      <div className="dd-options">
        {options.map((option) => (
          <div className="dd-option dd-option--between" key={option.id}>
            <span className="dd-option__label">{option.label}</span>
            <span className="dd-fake-input dd-fake-input--short" />
          </div>
        ))}
      </div>
    );
  }
  return <OptionRows options={options} marker={marker} columns={columnsOf(question)} />;
}

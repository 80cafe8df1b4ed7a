import type { Option, Question } from "@wjgj/core";
import { optionListKeys } from "../../../lib/question-meta.ts";
import { OptionListEditor } from "../option-list-editor.tsx";

function cellOf(question: Question): React.ReactNode {
  switch (question.type) {
    case "matrixSingle":
    case "matrixScale":
      return <span className="dd-marker dd-marker--radio" />;
    case "matrixMultiple":
      return <span className="dd-marker dd-marker--check" />;
    case "matrixDropdown":
      return <span className="dd-fake-select dd-fake-select--cell">请选择</span>;
    default:
      return <span className="dd-fake-input dd-fake-input--cell" />;
  }
}

function headerOf(question: Question): string[] {
  switch (question.type) {
    case "matrixScale": {
      const { start, points } = question.config.scale;
      return Array.from({ length: points }, (_, i) => String(start + i));
    }
    case "matrixSingle":
    case "matrixMultiple":
    case "matrixFill":
      return question.config.columns.map((column) => column.label);
    case "matrixDropdown":
    case "table":
      return question.config.columns.map((column) => column.label);
    default:
      return [];
  }
}

/** Matrices and the growing table, as a compact grid (long matrices show their first rows only). */
export function MatrixPreview({ question, selected }: { question: Question; selected: boolean }) {
  const header = headerOf(question);
  const rows: Option[] =
    question.type === "table"
      ? [{ id: "_row", label: "" }]
      : ((question.config as { rows?: Option[] }).rows ?? []);
  const shown = selected ? rows : rows.slice(0, 12);
  const cell = cellOf(question);
  return (
    <>
      {/* Scrolls sideways on a phone: it takes focus so the keyboard can scroll it too. */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable */}
      <section className="dd-matrix-wrap" tabIndex={0} aria-label="矩阵预览">
        <table className="dd-matrix">
          <thead>
            <tr>
              {question.type !== "table" && <th />}
              {header.map((label, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: headers may repeat a label.
                <th key={i}>{label}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {shown.map((row) => (
              <tr key={row.id}>
                {question.type !== "table" && <th scope="row">{row.label}</th>}
                {header.map((label, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: cells are positional.
                  <td key={`${label}-${i}`}>{cell}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
        {shown.length < rows.length && <div className="dd-note">…共 {rows.length} 行</div>}
        {question.type === "matrixScale" &&
          (question.config.scale.minLabel || question.config.scale.maxLabel) && (
            <div className="dd-note">
              {question.config.scale.start}＝{question.config.scale.minLabel}，
              {question.config.scale.start + question.config.scale.points - 1}＝
              {question.config.scale.maxLabel}
            </div>
          )}
        {question.type === "table" && <div className="dd-note">＋ 添加一行（答题者可自行增加行）</div>}
      </section>
      {selected && optionListKeys(question.type).length > 0 && (
        <div className="dd-matrix-editors">
          {optionListKeys(question.type).map((key) => (
            <div key={key}>
              <div className="dd-matrix-editors__title">{key === "rows" ? "行标题" : "列标题"}</div>
              <OptionListEditor
                questionId={question.id}
                listKey={key}
                options={((question.config as Record<string, unknown>)[key] as Option[]) ?? []}
                marker="none"
              />
            </div>
          ))}
        </div>
      )}
    </>
  );
}

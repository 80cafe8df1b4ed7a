import { CheckCircleFilled } from "@ant-design/icons";
import { type QuestionnaireKind, questionaryKindInfos } from "@wjgj/core";
import { KindIcon, kindLooks } from "../../../components/kind-icon.tsx";

interface KindPickerProps {
  value: QuestionnaireKind;
  onChange: (kind: QuestionnaireKind) => void;
}

/** The six kinds as cards with their icon and one-line description. */
export function KindPicker({ value, onChange }: KindPickerProps) {
  return (
    <fieldset className="wj-kinds" aria-label="问卷类型">
      {questionaryKindInfos.map((info) => {
        const selected = info.kind === value;
        return (
          <button
            key={info.kind}
            type="button"
            aria-pressed={selected}
            className={selected ? "wj-kind is-selected" : "wj-kind"}
            style={selected ? { borderColor: kindLooks[info.kind].color } : undefined}
            onClick={() => onChange(info.kind)}
            data-testid={`kind-${info.kind}`}
          >
            <KindIcon kind={info.kind} size={48} />
            <span className="wj-kind__text">
              <strong>{info.name}</strong>
              <span>{info.description}</span>
            </span>
            {selected && (
              <CheckCircleFilled
                aria-hidden
                className="wj-kind__check"
                style={{ color: kindLooks[info.kind].color }}
              />
            )}
          </button>
        );
      })}
    </fieldset>
  );
}

import { lazy, Suspense, useRef, useState } from "react";
import type { AreaChoice } from "../../lib/region-tree.ts";
import { isRecord, stringArray } from "../../lib/values.ts";
import { useFieldA11y } from "../a11y/field-a11y.ts";
import type { FieldProps } from "../field-types.ts";

const RegionPicker = lazy(() =>
  import("../region-picker/region-picker.tsx").then((module) => ({ default: module.RegionPicker })),
);

const PLACEHOLDERS = ["请选择省份", "请选择省/市", "请选择省/市/区"];

/** 省市区: shows the choice; the picker (and the area list) loads when tapped. Answer: `{ codes, names }`. */
export function RegionField({ question, value, onChange }: FieldProps<"region">) {
  const [open, setOpen] = useState(false);
  const codes = isRecord(value) ? stringArray(value.codes) : [];
  const names = isRecord(value) ? stringArray(value.names) : [];
  const chosen: AreaChoice[] = codes.map((code, i) => ({ code, name: names[i] ?? code }));
  const levels = question.config.levels;
  const a11y = useFieldA11y();
  const opener = useRef<HTMLButtonElement>(null);
  const valueId = `${a11y.titleId}-value`;
  return (
    <>
      <button
        ref={opener}
        type="button"
        className={`wa-input wa-picker${chosen.length ? "" : " is-empty"}`}
        aria-haspopup="dialog"
        aria-labelledby={`${a11y.titleId} ${valueId}`}
        {...(a11y.invalid ? { "aria-invalid": true, "aria-describedby": a11y.errorId } : {})}
        onClick={() => setOpen(true)}
      >
        <span id={valueId}>
          {chosen.length > 0 ? chosen.map((c) => c.name).join(" / ") : PLACEHOLDERS[levels - 1]}
        </span>
      </button>
      {open ? (
        <Suspense
          fallback={
            <div className="wa-sheet">
              <div className="wa-sheet-body wa-loading">加载中…</div>
            </div>
          }
        >
          <RegionPicker
            returnTo={() => opener.current}
            levels={levels}
            initial={chosen}
            onClose={() => setOpen(false)}
            onPick={(picked) => {
              onChange({ codes: picked.map((c) => c.code), names: picked.map((c) => c.name) });
              setOpen(false);
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}

import { lazy, Suspense, useState } from "react";
import type { AreaChoice } from "../../lib/region-tree.ts";
import { isRecord, stringArray } from "../../lib/values.ts";
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
  return (
    <>
      <button
        type="button"
        className={`wa-input wa-picker${chosen.length ? "" : " is-empty"}`}
        onClick={() => setOpen(true)}
      >
        {chosen.length > 0 ? chosen.map((c) => c.name).join(" / ") : PLACEHOLDERS[levels - 1]}
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

import { useEffect, useRef, useState } from "react";
import { type AreaChoice, type AreaList, areaChildren, loadAreaList } from "../../lib/region-tree.ts";
import { useDialog } from "../a11y/use-dialog.ts";

const LEVEL_NAMES = ["省份", "城市", "区县"];

/** 省市区 picker sheet: one list per level, tabs to go back up; done when `levels` are chosen. */
export function RegionPicker(props: {
  levels: number;
  initial: AreaChoice[];
  onPick(chosen: AreaChoice[]): void;
  onClose(): void;
  /** Where focus goes when the sheet closes, if the control that opened it is gone. */
  returnTo?: () => HTMLElement | null;
}) {
  const dialog = useDialog(props.onClose, props.returnTo);
  const [list, setList] = useState<AreaList | null>(null);
  const [error, setError] = useState("");
  const [chosen, setChosen] = useState<AreaChoice[]>(props.initial.slice(0, props.levels - 1));

  useEffect(() => {
    let alive = true;
    void loadAreaList().then((outcome) => {
      if (!alive) return;
      if (outcome.ok) setList(outcome.data);
      else setError(outcome.msg || "地区数据加载失败");
    });
    return () => {
      alive = false;
    };
  }, []);

  const level = Math.min(chosen.length, props.levels - 1);
  const listRef = useRef<HTMLUListElement>(null);
  // The chosen item's list is replaced by the next level's: focus goes to that list, not to the page.
  useEffect(() => {
    if (!list || level < 0) return;
    const items = listRef.current?.querySelectorAll<HTMLButtonElement>("button");
    const current = listRef.current?.querySelector<HTMLButtonElement>("button.is-on");
    (current ?? items?.[0])?.focus();
  }, [list, level]);
  const choices = list ? areaChildren(list, level, chosen[level - 1]?.code) : [];
  const handleChoose = (choice: AreaChoice) => {
    const next = [...chosen.slice(0, level), choice];
    if (next.length >= props.levels) props.onPick(next);
    else setChosen(next);
  };

  return (
    <div className="wa-sheet">
      <div
        ref={dialog}
        className="wa-sheet-body wa-region"
        role="dialog"
        aria-modal="true"
        aria-labelledby="wa-region-title"
        tabIndex={-1}
      >
        <div className="wa-sheet-title">
          <h2 id="wa-region-title" className="wa-sheet-heading">
            选择地区
          </h2>
          <button type="button" className="wa-link wa-close" onClick={props.onClose}>
            关闭
          </button>
        </div>
        <div className="wa-tabs">
          {LEVEL_NAMES.slice(0, props.levels).map((name, index) => (
            <button
              key={name}
              type="button"
              className={`wa-tab${index === level ? " is-on" : ""}`}
              disabled={index > chosen.length}
              onClick={() => setChosen(chosen.slice(0, index))}
            >
              {chosen[index]?.name ?? `请选择${name}`}
            </button>
          ))}
        </div>
        {error ? (
          <p className="wa-msg" role="alert">
            {error}
          </p>
        ) : null}
        {list ? null : error ? null : (
          <div className="wa-loading" role="status">
            地区数据加载中…
          </div>
        )}
        <ul key={level} ref={listRef} className="wa-region-list">
          {choices.map((choice) => (
            <li key={choice.code}>
              <button
                type="button"
                className={choice.code === props.initial[level]?.code ? "is-on" : ""}
                onClick={() => handleChoose(choice)}
              >
                {choice.name}
              </button>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}

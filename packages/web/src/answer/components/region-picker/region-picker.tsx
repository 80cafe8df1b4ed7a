import { useEffect, useState } from "react";
import { type AreaChoice, type AreaList, areaChildren, loadAreaList } from "../../lib/region-tree.ts";

const LEVEL_NAMES = ["省份", "城市", "区县"];

/** 省市区 picker sheet: one list per level, tabs to go back up; done when `levels` are chosen. */
export function RegionPicker(props: {
  levels: number;
  initial: AreaChoice[];
  onPick(chosen: AreaChoice[]): void;
  onClose(): void;
}) {
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
  const choices = list ? areaChildren(list, level, chosen[level - 1]?.code) : [];
  const handleChoose = (choice: AreaChoice) => {
    const next = [...chosen.slice(0, level), choice];
    if (next.length >= props.levels) props.onPick(next);
    else setChosen(next);
  };

  return (
    <div className="wa-sheet" role="dialog" aria-modal="true" aria-label="选择地区">
      <div className="wa-sheet-body wa-region">
        <div className="wa-sheet-title">
          选择地区
          <button type="button" className="wa-link" onClick={props.onClose}>
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
        {error ? <p className="wa-msg">{error}</p> : null}
        {list ? null : error ? null : <div className="wa-loading">地区数据加载中…</div>}
        <ul key={level} className="wa-region-list">
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

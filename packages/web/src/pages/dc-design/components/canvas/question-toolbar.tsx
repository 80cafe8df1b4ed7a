import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  BranchesOutlined,
  CopyOutlined,
  DeleteOutlined,
  ExportOutlined,
} from "@ant-design/icons";
import type { Question } from "@wjgj/core";
import { Checkbox, Dropdown, type MenuProps } from "antd";
import { choiceTypes, isAnswerable } from "../../lib/question-meta.ts";
import { uiActions } from "../../store/ui-store.ts";
import { editorActions, useEditor } from "../../store/use-editor.ts";

interface QuestionToolbarProps {
  question: Question;
  pageId: string;
  canMoveUp: boolean;
  canMoveDown: boolean;
}

/**
 * 上移/下移 by keyboard or click, with the focus kept on the button: the moved card may leave its card group
 * (page-block.tsx) and be mounted afresh in the next one, or be moved in the page (React moves the element),
 * and either takes the focus away with the old element. Put back once React has rendered the move, and only
 * when nothing else took the focus since.
 */
function moveBy(id: string, delta: -1 | 1): void {
  editorActions().moveQuestionBy(id, delta);
  requestAnimationFrame(() => {
    const active = document.activeElement;
    if (active && active !== document.body) return;
    const card = [...document.querySelectorAll<HTMLElement>("[data-qid]")].find(
      (el) => el.dataset.qid === id,
    );
    card?.querySelector<HTMLButtonElement>(`[data-move="${delta}"]`)?.focus({ preventScroll: true });
  });
}

/** The selected question's actions: 必答, logic editors, 复制, 删除, 上移/下移, 移动到页. */
export function QuestionToolbar({ question, pageId, canMoveUp, canMoveDown }: QuestionToolbarProps) {
  const pageIds = useEditor((state) => state.draft?.pages.map((page) => page.id).join(",") ?? "");
  const pages = pageIds.split(",").filter(Boolean);
  const id = question.id;
  const actions = editorActions;

  const moveItems: MenuProps["items"] = pages.map((target, index) => ({
    key: target,
    label: `第${index + 1}页${target === pageId ? "（当前）" : ""}`,
    disabled: target === pageId,
  }));
  const answerable = isAnswerable(question.type);
  const choice = choiceTypes.has(question.type);
  const logicItems: MenuProps["items"] = [
    { key: "showLogic", label: "显示逻辑" },
    { key: "jumpLogic", label: "跳题逻辑", disabled: !answerable },
    { key: "selectConnect", label: "选项关联", disabled: !choice },
    { key: "selectJoin", label: "引用选项", disabled: !choice },
  ];

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: only stops the card's own click handler.
    // biome-ignore lint/a11y/useKeyWithClickEvents: see above.
    <div className="dd-toolbar" onClick={(event) => event.stopPropagation()}>
      {answerable && (
        <Checkbox
          checked={question.required}
          onChange={(event) => actions().patchQuestion(id, { required: event.target.checked })}
        >
          必答
        </Checkbox>
      )}
      <span className="dd-toolbar__spacer" />
      <Dropdown
        trigger={["click"]}
        menu={{
          items: logicItems,
          onClick: ({ key }) =>
            uiActions().openDialog({
              kind: key as "showLogic" | "jumpLogic" | "selectConnect" | "selectJoin",
              questionId: id,
            }),
        }}
      >
        <button type="button" className="dd-toolbar__btn">
          <BranchesOutlined aria-hidden /> 逻辑设置
        </button>
      </Dropdown>
      <button type="button" className="dd-toolbar__btn" onClick={() => actions().duplicate(id)}>
        <CopyOutlined aria-hidden /> 复制
      </button>
      <button
        type="button"
        className="dd-toolbar__btn"
        disabled={!canMoveUp}
        data-move={-1}
        onClick={() => moveBy(id, -1)}
      >
        <ArrowUpOutlined aria-hidden /> 上移
      </button>
      <button
        type="button"
        className="dd-toolbar__btn"
        disabled={!canMoveDown}
        data-move={1}
        onClick={() => moveBy(id, 1)}
      >
        <ArrowDownOutlined aria-hidden /> 下移
      </button>
      <Dropdown
        trigger={["click"]}
        disabled={pages.length < 2}
        menu={{ items: moveItems, onClick: ({ key }) => actions().moveToPage(id, key) }}
      >
        <button type="button" className="dd-toolbar__btn" disabled={pages.length < 2}>
          <ExportOutlined aria-hidden /> 移动到
        </button>
      </Dropdown>
      <button
        type="button"
        className="dd-toolbar__btn dd-toolbar__btn--danger"
        onClick={() => actions().remove(id)}
      >
        <DeleteOutlined aria-hidden /> 删除
      </button>
    </div>
  );
}

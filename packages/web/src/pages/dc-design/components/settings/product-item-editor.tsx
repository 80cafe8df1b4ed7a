import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from "@ant-design/icons";
import { PRODUCT_MAX_QUANTITY, type ProductItem } from "@wjgj/core";
import { Button, Input, InputNumber, Select } from "antd";
import { memo, type ReactNode } from "react";
import { questionaryApi } from "../../../../api/questionary.ts";
import { ImageField } from "../../../../components/image-field/index.tsx";
import {
  moveItem,
  PRODUCT_MAX_VARIANTS,
  PRODUCT_NAME_MAX,
  PRODUCT_STOCK_MAX,
  patchItem,
  VARIANT_NAME_MAX,
} from "../../lib/product-items.ts";
import { findQuestion } from "../../store/definition-ops.ts";
import { editorActions, editorStore, useEditor } from "../../store/use-editor.ts";
import { YuanInput } from "./yuan-input.tsx";

type Variant = NonNullable<ProductItem["variants"]>[number];

/** Messages of one product, by the path below `items.<i>.` they concern (`priceFen`, `variants.1.values`). */
export type ItemIssues = Record<string, readonly string[]>;

/**
 * Changes the products of a 商品 question as the store holds them now: the callers stay stable between
 * renders (no closure over a config that a keystroke elsewhere has replaced), so an edit of one product
 * re-renders that product's fields alone. `key` coalesces a typing burst into one 撤销 step.
 */
export function editItems(
  questionId: string,
  key: string,
  change: (items: readonly ProductItem[]) => readonly ProductItem[],
): void {
  const draft = editorStore.getState().draft;
  const question = draft ? findQuestion(draft, questionId) : undefined;
  if (question?.type !== "product") return;
  const items = question.config.items;
  const next = change(items);
  if (next !== items)
    editorActions().patchConfig(questionId, { items: next }, `config:${questionId}:items:${key}`);
}

function Messages({ list }: { list: readonly string[] | undefined }) {
  if (!list?.length) return null;
  return (
    <ul className="dd-pd-issues" role="alert">
      {list.map((message) => (
        <li key={message}>{message}</li>
      ))}
    </ul>
  );
}

function Field({
  label,
  issues,
  children,
}: {
  label: string;
  issues?: readonly string[] | undefined;
  children: ReactNode;
}) {
  return (
    <div className="dd-pd-field">
      <span className="dd-pd-field__label">{label}</span>
      {children}
      <Messages list={issues} />
    </div>
  );
}

function ProductImage({
  value,
  name,
  onChange,
}: {
  value: string;
  name: string;
  onChange: (v: string) => void;
}) {
  const id = useEditor((state) => state.meta?.id ?? 0);
  return (
    <ImageField
      value={value}
      onChange={onChange}
      // The questionnaire's own pictures share one upload (a picture of up to 2 MB, checked by its content).
      upload={(file) => questionaryApi.uploadQuestionnaireImage(id, "productImage", file)}
      name={name}
    />
  );
}

function VariantRow({
  variant,
  index,
  owner,
  issues,
  onChange,
  onRemove,
}: {
  variant: Variant;
  index: number;
  owner: string;
  issues: ItemIssues;
  onChange: (next: Variant) => void;
  onRemove: () => void;
}) {
  const label = `${owner}的第${index + 1}个规格`;
  return (
    <li className="dd-pd-variant">
      <div className="dd-pd-variant__head">
        <Input
          aria-label={`${label}名称`}
          placeholder="规格名，如：尺码"
          maxLength={VARIANT_NAME_MAX}
          value={variant.name}
          onChange={(event) => onChange({ ...variant, name: event.target.value })}
        />
        <Button aria-label={`删除${label}`} icon={<DeleteOutlined />} onClick={onRemove} />
      </div>
      <Messages list={issues[`variants.${index}.name`]} />
      <Select
        mode="tags"
        aria-label={`${label}的可选值`}
        className="dd-pd-variant__values"
        placeholder="输入可选值后按回车，如：S、M、L"
        open={false}
        tokenSeparators={[",", "，", "、", "/"]}
        value={variant.values}
        onChange={(values: string[]) =>
          onChange({
            ...variant,
            values: [...new Set(values.map((value) => value.trim()).filter(Boolean))],
          })
        }
      />
      <Messages list={issues[`variants.${index}.values`]} />
    </li>
  );
}

/** One product of the list: its fields, its options (规格) and the buttons that move or delete it. */
export const ProductItemEditor = memo(
  function ProductItemEditor({
    questionId,
    item,
    index,
    count,
    issues,
  }: {
    questionId: string;
    item: ProductItem;
    index: number;
    count: number;
    issues: ItemIssues;
  }) {
    const owner = `第${index + 1}个商品`;
    const variants = item.variants ?? [];
    const edit = (key: string, patch: Partial<ProductItem>) =>
      editItems(questionId, `${item.id}:${key}`, (items) =>
        items.map((each) => (each.id === item.id ? patchItem(each, patch) : each)),
      );
    const editVariants = (key: string, next: Variant[]) => edit(`variants:${key}`, { variants: next });
    const move = (delta: -1 | 1) =>
      editItems(questionId, "order", (items) =>
        moveItem(
          items,
          items.findIndex((each) => each.id === item.id),
          delta,
        ),
      );
    return (
      <li className="dd-pd-item" data-testid="product-item">
        <div className="dd-pd-item__head">
          <span className="dd-pd-item__index">商品 {index + 1}</span>
          <span className="dd-pd-item__tools">
            <Button
              size="small"
              type="text"
              aria-label={`上移${owner}`}
              icon={<ArrowUpOutlined />}
              disabled={index === 0}
              onClick={() => move(-1)}
            />
            <Button
              size="small"
              type="text"
              aria-label={`下移${owner}`}
              icon={<ArrowDownOutlined />}
              disabled={index === count - 1}
              onClick={() => move(1)}
            />
            <Button
              size="small"
              type="text"
              danger
              aria-label={`删除${owner}`}
              icon={<DeleteOutlined />}
              onClick={() =>
                editItems(questionId, "remove", (items) => items.filter((each) => each.id !== item.id))
              }
            />
          </span>
        </div>
        {/* A duplicate id (two tabs editing one list) has no field of its own. */}
        <Messages list={issues.id} />
        <Field label="名称" issues={issues.name}>
          <Input
            aria-label={`${owner}的名称`}
            maxLength={PRODUCT_NAME_MAX}
            placeholder="如：活动文化衫"
            value={item.name}
            onChange={(event) => edit("name", { name: event.target.value })}
          />
        </Field>
        <Field label="价格（元）" issues={issues.priceFen}>
          <YuanInput
            label={`${owner}的价格`}
            placeholder="如 39.90"
            fen={item.priceFen}
            blank={0}
            onFen={(priceFen) => edit("price", { priceFen: priceFen ?? 0 })}
          />
        </Field>
        <div className="dd-pd-numbers">
          <Field label="库存" issues={issues.stock}>
            <InputNumber
              aria-label={`${owner}的库存`}
              min={0}
              max={PRODUCT_STOCK_MAX}
              precision={0}
              placeholder="不限"
              suffix="件"
              value={item.stock ?? null}
              onChange={(stock) => edit("stock", { stock: stock ?? undefined })}
            />
          </Field>
          <Field label="每人限购" issues={issues.perPerson}>
            <InputNumber
              aria-label={`${owner}的每人限购`}
              // 0 is let through so the message says why it is refused (antd's min would clamp silently).
              min={0}
              max={PRODUCT_MAX_QUANTITY}
              precision={0}
              placeholder="不限"
              suffix="件"
              value={item.perPerson ?? null}
              onChange={(perPerson) => edit("perPerson", { perPerson: perPerson ?? undefined })}
            />
          </Field>
        </div>
        <Field label="图片（选填）" issues={issues.image}>
          <ProductImage
            value={item.image ?? ""}
            name={`${owner}的图片`}
            onChange={(image) => edit("image", { image: image.trim() ? image : undefined })}
          />
        </Field>
        <Field label="规格（选填）">
          {variants.length > 0 ? (
            <ol className="dd-pd-variants">
              {variants.map((variant, j) => (
                <VariantRow
                  // biome-ignore lint/suspicious/noArrayIndexKey: options are edited in place; names may repeat.
                  key={j}
                  variant={variant}
                  index={j}
                  owner={owner}
                  issues={issues}
                  onChange={(next) =>
                    editVariants(
                      `${j}`,
                      variants.map((each, k) => (k === j ? next : each)),
                    )
                  }
                  onRemove={() =>
                    editVariants(
                      "remove",
                      variants.filter((_, k) => k !== j),
                    )
                  }
                />
              ))}
            </ol>
          ) : null}
          {variants.length < PRODUCT_MAX_VARIANTS ? (
            <Button
              size="small"
              icon={<PlusOutlined />}
              aria-label={`为${owner}添加规格`}
              onClick={() =>
                editVariants("add", [...variants, { name: variants.length ? "" : "尺码", values: [] }])
              }
            >
              添加规格
            </Button>
          ) : (
            <p className="dd-pd-hint">每个商品最多 {PRODUCT_MAX_VARIANTS} 个规格</p>
          )}
        </Field>
      </li>
    );
  },
  (before, after) =>
    before.item === after.item &&
    before.index === after.index &&
    before.count === after.count &&
    before.questionId === after.questionId &&
    JSON.stringify(before.issues) === JSON.stringify(after.issues),
);

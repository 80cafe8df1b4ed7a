import {
  fenToYuan,
  PRODUCT_MAX_QUANTITY,
  PRODUCT_ORDER_MAX_FEN,
  type ProductItem,
  productConfigIssues,
  yuanToFen,
} from "@wjgj/core";

/** How many options (尺码, 颜色 …) a product may have, and values an option: core's schema bounds. */
export const PRODUCT_MAX_VARIANTS = 5;
export const PRODUCT_MAX_VARIANT_VALUES = 50;
export const VARIANT_NAME_MAX = 20;
export const VARIANT_VALUE_MAX = 30;
export const PRODUCT_NAME_MAX = 60;
export const PRODUCT_STOCK_MAX = 10_000_000;

/**
 * Every message the 商品 settings show, keyed by the config path it concerns (`items.2.priceFen`,
 * `items.0.variants.1.values`, `items` for the list as a whole): core's `productConfigIssues` plus what
 * core's schema refuses without a message of its own (an empty name, a limit of 0, a nameless option).
 */
export function productIssuesByPath(items: readonly ProductItem[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  const add = (path: string, message: string) => out.set(path, [...(out.get(path) ?? []), message]);
  items.forEach((item, i) => {
    if (!item.name.trim()) add(`items.${i}.name`, "请填写商品名称");
    if (item.perPerson !== undefined && item.perPerson < 1)
      add(`items.${i}.perPerson`, "每人限购至少 1 件；不限购请留空");
    if (item.perPerson !== undefined && item.perPerson > PRODUCT_MAX_QUANTITY)
      add(`items.${i}.perPerson`, `每人限购不能超过 ${PRODUCT_MAX_QUANTITY} 件`);
    const names = new Set<string>();
    item.variants?.forEach((variant, j) => {
      const name = variant.name.trim();
      if (!name) add(`items.${i}.variants.${j}.name`, "请填写规格名称，如：尺码");
      else if (names.has(name)) add(`items.${i}.variants.${j}.name`, `规格「${name}」重复，请改成不同的名称`);
      names.add(name);
      if (variant.values.length > PRODUCT_MAX_VARIANT_VALUES)
        add(`items.${i}.variants.${j}.values`, `每个规格最多 ${PRODUCT_MAX_VARIANT_VALUES} 个可选值`);
      if (variant.values.some((value) => value.length > VARIANT_VALUE_MAX))
        add(`items.${i}.variants.${j}.values`, `可选值最多 ${VARIANT_VALUE_MAX} 个字`);
    });
  });
  // Core's own after ours: its messages name the product, so they read well under the field too.
  for (const found of productConfigIssues({ items })) add(found.path, found.message);
  return out;
}

/** A product added by 「添加商品」: a free id and name, 1 元 as core's default product. */
export function newProductItem(items: readonly ProductItem[]): ProductItem {
  const ids = new Set(items.map((item) => item.id));
  const names = new Set(items.map((item) => item.name.trim()));
  let n = items.length + 1;
  while (ids.has(`p${n}`)) n += 1;
  const id = `p${n}`;
  let m = items.length + 1;
  while (names.has(`商品${m}`)) m += 1;
  return { id, name: `商品${m}`, priceFen: 100, variants: [] };
}

/** The items with the one at `from` moved by `delta`; the same array when it cannot move. */
export function moveItem<T>(items: readonly T[], from: number, delta: -1 | 1): readonly T[] {
  const to = from + delta;
  if (from < 0 || from >= items.length || to < 0 || to >= items.length) return items;
  const next = [...items];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved as T);
  return next;
}

/** An item with `patch` applied; an undefined value removes the field (stock or limit back to 不限). */
export function patchItem<T extends object>(item: T, patch: Partial<T>): T {
  const next: Record<string, unknown> = { ...item, ...patch };
  for (const [name, value] of Object.entries(patch)) if (value === undefined) delete next[name];
  return next as T;
}

/**
 * A typed amount in 元 read as fen: `empty` for a blank field, null when it is not an amount (letters, a minus,
 * three decimals). Above the order ceiling it is still read, so core's message can say so.
 */
export function typedFen<E extends number | undefined>(text: string, empty: E): number | E | null {
  if (!text.trim()) return empty;
  return yuanToFen(text.replace(/^[¥￥]/, ""));
}

/** What the price field shows for a stored price: blank for 0 (not yet priced), else 12.50. */
export function shownYuan(fen: number | undefined): string {
  return fen === undefined || fen <= 0 ? "" : fenToYuan(fen);
}

/** Why a typed 起购金额 cannot be kept, or null (blank is fine: no minimum). */
export function minTotalProblem(text: string): string | null {
  const fen = typedFen(text, undefined);
  if (fen === undefined) return null;
  if (fen === null) return "请填写正确的金额，最多两位小数，如 50 或 49.90";
  if (fen <= 0) return "起购金额需大于 0 元；不设起购金额请留空";
  if (fen > PRODUCT_ORDER_MAX_FEN) return "起购金额不能超过 100000 元";
  return null;
}

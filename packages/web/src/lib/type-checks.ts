/**
 * Runtime type checks of seed §8: state that arrives from untyped places (DOM events, carousel callbacks,
 * query strings) is checked before it enters a store, and a Chinese console error names what went wrong.
 * Each check answers whether the value may be used.
 */

function check(valid: boolean, message: string, value: unknown): boolean {
  if (!valid) console.error(message, value);
  return valid;
}

export function checkPhoneMenuFlag(value: unknown): value is boolean {
  return check(typeof value === "boolean", "导航菜单状态必须为布尔值，收到：", value);
}

export function checkHelpMenuFlag(value: unknown): value is boolean {
  return check(typeof value === "boolean", "帮助菜单状态必须为布尔值，收到：", value);
}

export function checkActiveNav(value: unknown): value is string {
  return check(typeof value === "string", "当前导航项必须为字符串，收到：", value);
}

export function checkCarouselIndex(value: unknown): value is number {
  return check(typeof value === "number" && Number.isFinite(value), "轮播图索引必须为数字，收到：", value);
}

export function checkLabelId(value: unknown): value is string {
  return check(typeof value === "string", "资讯标签ID必须为字符串，收到：", value);
}

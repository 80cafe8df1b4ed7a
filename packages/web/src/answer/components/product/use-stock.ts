import { useCallback, useState } from "react";
import { useRefreshWhileVisible } from "../../lib/use-refresh.ts";
import { productStock } from "./api.ts";

/** Stock left refreshes this often while the page is visible (others buy meanwhile). */
export const STOCK_REFRESH_MS = 30_000;

/** Each product's stock left by id (null: no limit); empty until the server answered. */
export type StockLeft = ReadonlyMap<string, number | null>;

/**
 * The stock of a published question's products from GET anQuestion/productStock, fetched again when the page
 * comes back into view and every 30 s while it is visible (as booking's use-slots.ts). A failed read keeps what
 * was shown: the products can still be chosen, and the server checks the stock on submit anyway.
 */
export function useLiveStock(publicId: string, questionId: string, enabled: boolean): StockLeft {
  const [left, setLeft] = useState<StockLeft>(() => new Map());
  const load = useCallback(async () => {
    const outcome = await productStock(publicId, questionId);
    if (outcome.ok) setLeft(new Map(outcome.data.items.map((item) => [item.itemId, item.left])));
  }, [publicId, questionId]);

  useRefreshWhileVisible(load, STOCK_REFRESH_MS, enabled);

  return left;
}

import { useEffect, useState } from "react";

export type PricingModule = typeof import("@wjgj/core/api/form-products");

let loaded: PricingModule | null = null;

/**
 * core's pricing (`orderLines`, the messages), loaded after the input shows: its module builds zod schemas,
 * which would otherwise hold up the page's hydration (the logic engine brings the same chunk a moment later).
 * Null until it is in, during the server's render and the first client render (so hydration matches).
 */
export function usePricing(): PricingModule | null {
  const [pricing, setPricing] = useState<PricingModule | null>(null);
  useEffect(() => {
    if (pricing) return;
    if (loaded) {
      setPricing(loaded);
      return;
    }
    let live = true;
    void import("@wjgj/core/api/form-products")
      .then((module) => {
        loaded = module;
        if (live) setPricing(module);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [pricing]);
  return pricing;
}

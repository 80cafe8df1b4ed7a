import { useQuery } from "@tanstack/react-query";
import type { FooterInfo } from "@wjgj/core";
import { http } from "./request.ts";

/** Client of the `navigation` module (public site). */
export const navigationApi = {
  getFooterInfo: () => http.get<FooterInfo>("navigation/getFooterInfo"),
};

export const navigationKeys = {
  all: ["navigation"] as const,
  footer: () => [...navigationKeys.all, "footer"] as const,
};

export function useFooterInfo() {
  // Site settings change rarely; one fetch per page load is enough.
  return useQuery({
    queryKey: navigationKeys.footer(),
    queryFn: navigationApi.getFooterInfo,
    staleTime: Infinity,
  });
}

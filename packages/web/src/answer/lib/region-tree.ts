import { type ApiOutcome, apiCall } from "./api.ts";

/** `common/getProvideCityAreaList`: the @vant/area-data `areaList` (code → name per level). */
export interface AreaList {
  province_list: Record<string, string>;
  city_list: Record<string, string>;
  county_list: Record<string, string>;
}

export interface AreaChoice {
  code: string;
  name: string;
}

/**
 * The choices one level down from `parent` (GB/T 2260 codes): cities share their province's first two
 * digits, districts their city's first four. Level 0 lists the provinces.
 */
export function areaChildren(list: AreaList, level: number, parent: string | undefined): AreaChoice[] {
  const source = level === 0 ? list.province_list : level === 1 ? list.city_list : list.county_list;
  const prefix = level === 0 ? "" : (parent ?? "").slice(0, level * 2);
  return Object.entries(source)
    .filter(([code]) => code.startsWith(prefix))
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([code, name]) => ({ code, name }));
}

let cached: Promise<ApiOutcome<AreaList>> | null = null;

/** Fetched once per page, and only when a picker opens: the list is large and most pages never need it. */
export function loadAreaList(): Promise<ApiOutcome<AreaList>> {
  cached ??= apiCall<AreaList>("GET", "common/getProvideCityAreaList").then((outcome) => {
    if (!outcome.ok) cached = null;
    return outcome;
  });
  return cached;
}

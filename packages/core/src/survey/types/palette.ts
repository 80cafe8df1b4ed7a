/** The designer palette's groups, in display order. */
export const paletteGroups = ["choice", "text", "rating", "matrix", "advanced", "layout"] as const;
export type PaletteGroup = (typeof paletteGroups)[number];

export const paletteGroupNames: Record<PaletteGroup, string> = {
  choice: "选择题",
  text: "填空题",
  rating: "评分题",
  matrix: "矩阵题",
  advanced: "高级题型",
  layout: "布局",
};

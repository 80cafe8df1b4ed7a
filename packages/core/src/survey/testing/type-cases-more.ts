import type { TypeCase } from "./type-cases.ts";

const rows = [
  { id: "r1", label: "环境" },
  { id: "r2", label: "服务" },
];
const columns = [
  { id: "c1", label: "满意" },
  { id: "c2", label: "不满意" },
];
const items = [
  { id: "a", label: "价格" },
  { id: "b", label: "质量" },
  { id: "c", label: "服务" },
];
const layout = (type: string, config: unknown, badConfig: unknown): TypeCase => ({
  type,
  config,
  badConfig,
  valid: [],
  invalid: [],
  malformed: "x",
  stats: { n: 0 },
});

export const ratingMatrixAdvancedCases: readonly TypeCase[] = [
  {
    type: "star",
    config: { max: 5 },
    badConfig: { max: 50 },
    valid: [4, 1],
    invalid: [[6, "invalidAnswer"]],
    malformed: "4",
    stats: { n: 1, sum: 4, counts: { "4": 1 } },
  },
  {
    type: "nps",
    config: {},
    badConfig: { minLabel: 0 },
    valid: [9, 0],
    invalid: [[11, "invalidAnswer"]],
    malformed: "9",
    stats: { n: 1, sum: 9, counts: { "9": 1 } },
  },
  {
    type: "likert",
    config: { points: 5, start: 1, minLabel: "很差", maxLabel: "很好" },
    badConfig: { points: 1 },
    valid: [5, 3],
    invalid: [[0, "invalidAnswer"]],
    malformed: "5",
    stats: { n: 1, sum: 5, counts: { "5": 1 } },
  },
  {
    type: "slider",
    config: { min: 0, max: 10, step: 0.5 },
    badConfig: { min: 10, max: 0 },
    valid: [2.5, 10],
    invalid: [
      [2.25, "step"],
      [11, "maxValue"],
    ],
    malformed: "2",
    stats: { n: 1, sum: 2.5, min: 2.5, max: 2.5 },
  },
  {
    type: "allocation",
    config: { options: items.slice(0, 2), total: 10 },
    badConfig: { options: [], total: 10 },
    valid: [{ a: 6, b: 4 }, { a: 10 }],
    invalid: [
      [{ a: 6 }, "allocationTotal"],
      [{ a: 6, z: 4 }, "hiddenOption"],
    ],
    malformed: { a: -1 },
    stats: { n: 1, sums: { a: 6, b: 4 } },
  },
  {
    type: "ranking",
    config: { options: items },
    badConfig: { options: items, rankCount: 0 },
    valid: [["c", "a", "b"]],
    invalid: [
      [["a", "b"], "rankAll"],
      [["a", "a", "b"], "invalidAnswer"],
    ],
    malformed: "abc",
    stats: { n: 1, positions: { c: { "1": 1 }, a: { "2": 1 }, b: { "3": 1 } } },
  },
  {
    type: "matrixSingle",
    config: { rows, columns },
    badConfig: { rows: [], columns },
    valid: [{ r1: "c1", r2: "c2" }],
    invalid: [
      [{ r1: "c1" }, "rowRequired"],
      [{ r1: "c9", r2: "c1" }, "hiddenOption"],
    ],
    malformed: { r1: 1 },
    stats: { n: 1, cells: { r1: { c1: 1 }, r2: { c2: 1 } } },
  },
  {
    type: "matrixMultiple",
    config: { rows, columns, selection: { max: 1 } },
    badConfig: { rows, columns: [] },
    valid: [{ r1: ["c1"], r2: ["c2"] }],
    invalid: [[{ r1: ["c1", "c2"], r2: ["c1"] }, "maxSelect"]],
    malformed: { r1: "c1" },
    stats: { n: 1, cells: { r1: { c1: 1 }, r2: { c2: 1 } } },
  },
  {
    type: "matrixFill",
    config: { rows, columns, format: "integer" },
    badConfig: { rows, columns, format: "roman" },
    valid: [{ r1: { c1: "1", c2: "2" }, r2: { c1: "3", c2: "4" } }],
    invalid: [[{ r1: { c1: "x", c2: "2" }, r2: { c1: "3", c2: "4" } }, "format"]],
    malformed: { r1: ["1"] },
    stats: { n: 1, cells: { r1: { c1: 1, c2: 1 }, r2: { c1: 1, c2: 1 } } },
  },
  {
    type: "matrixScale",
    config: { rows, scale: { points: 5 } },
    badConfig: { rows, scale: { points: 20 } },
    valid: [{ r1: 5, r2: 1 }],
    invalid: [[{ r1: 6, r2: 1 }, "invalidAnswer"]],
    malformed: { r1: "5" },
    stats: { n: 1, cells: { r1: { "5": 1 }, r2: { "1": 1 } } },
  },
  {
    type: "matrixDropdown",
    config: {
      rows,
      columns: [
        {
          id: "k",
          label: "频率",
          choices: [
            { id: "often", label: "经常" },
            { id: "never", label: "从不" },
          ],
        },
      ],
    },
    badConfig: { rows, columns: [{ id: "k", label: "频率", choices: [] }] },
    valid: [{ r1: { k: "often" }, r2: { k: "never" } }],
    invalid: [
      [{ r1: { k: "x" }, r2: { k: "never" } }, "hiddenOption"],
      [{ r1: { k: "often" } }, "rowRequired"],
    ],
    malformed: { r1: "often" },
    stats: { n: 1, cells: { "r1.k": { often: 1 }, "r2.k": { never: 1 } } },
  },
  {
    type: "table",
    config: {
      columns: [
        { id: "name", label: "姓名" },
        { id: "age", label: "年龄", kind: "number", required: false },
      ],
      minRows: 1,
      maxRows: 2,
    },
    badConfig: { columns: [{ id: "name", label: "姓名" }], minRows: 3, maxRows: 2 },
    valid: [[{ name: "张三", age: 30 }], [{ name: "李四" }, { name: "王五", age: 8 }]],
    invalid: [
      [[], "minRows"],
      [[{ name: "" }], "blankRequired"],
    ],
    malformed: [{ name: {} }],
    stats: { n: 1, rows: 1 },
  },
  {
    type: "file",
    config: { accept: ["pdf"], maxSizeMb: 1, maxCount: 1 },
    badConfig: { accept: [".PDF"] },
    valid: [[{ fileId: "f1", name: "简历.pdf", size: 10 }]],
    invalid: [
      [[{ fileId: "f", name: "a.exe", size: 1 }], "fileType"],
      [
        [
          { fileId: "f", name: "a.pdf", size: 1 },
          { fileId: "g", name: "b.pdf", size: 1 },
        ],
        "fileCount",
      ],
    ],
    malformed: [{ name: "a.pdf" }],
    stats: { n: 1, files: 1, bytes: 10 },
    score: {
      rule: { mode: "manual", points: 10 },
      answer: [{ fileId: "f1", name: "简历.pdf", size: 10 }],
      expected: { score: 0, max: 10, manual: true },
    },
  },
  {
    type: "signature",
    config: {},
    badConfig: { width: 10 },
    valid: ["https://cdn.example.com/sign/1.png", "data:image/png;base64,iVBORw0KGgo="],
    invalid: [["javascript:alert(1)", "signatureEmpty"]],
    malformed: 1,
    stats: { n: 1 },
  },
  {
    type: "region",
    config: { levels: 2 },
    badConfig: { levels: 4 },
    valid: [{ codes: ["330000", "330100"], names: ["浙江省", "杭州市"] }],
    invalid: [
      [{ codes: ["330000"] }, "regionLevels"],
      [{ codes: ["330000", "320100"] }, "regionCode"],
    ],
    malformed: { codes: ["33"] },
    stats: { n: 1, counts: { "330000": 1 } },
  },
  {
    type: "personal",
    config: { preset: "gender" },
    badConfig: { preset: "blood" },
    valid: ["女", "男"],
    invalid: [["未知", "format"]],
    malformed: 1,
    stats: { n: 1, counts: { 女: 1 } },
  },
  {
    type: "booking",
    config: {
      schedule: {
        startDate: "2026-12-01",
        endDate: "2026-12-07",
        weekdays: [6, 7],
        times: [{ start: "09:00", end: "10:00" }],
        places: 5,
      },
    },
    badConfig: {
      schedule: { startDate: "2026-12-01", endDate: "2026-12-07", times: [], places: 0 },
    },
    valid: [{ slot: "2026-12-05T09:00-10:00" }, { slot: "2026-12-06T09:00-10:00" }],
    invalid: [[{ slot: "2026-12-04T09:00-10:00" }, "bookingSlotUnknown"]],
    malformed: { optionId: "s1" },
    stats: { n: 1, counts: { "2026-12-05T09:00-10:00": 1 } },
  },
  {
    type: "product",
    config: {
      items: [
        {
          id: "tee",
          name: "文化衫",
          priceFen: 3500,
          variants: [{ name: "尺码", values: ["M", "L"] }],
          perPerson: 2,
        },
        { id: "pin", name: "徽章", priceFen: 500 },
      ],
    },
    badConfig: { items: [{ id: "tee", name: "文化衫", priceFen: 0 }] },
    valid: [
      { lines: [{ itemId: "tee", variant: { 尺码: "M" }, quantity: 2 }] },
      { lines: [{ itemId: "pin", quantity: 3 }] },
    ],
    invalid: [
      [{ lines: [{ itemId: "tee", variant: { 尺码: "M" }, quantity: 3 }] }, "productPerPersonExceeded"],
      [{ lines: [{ itemId: "cup", quantity: 1 }] }, "productUnknown"],
      [{ lines: [{ itemId: "tee", quantity: 1 }] }, "productVariantMissing"],
    ],
    malformed: { lines: "tee" },
    stats: { n: 1, counts: { tee: 1 } },
  },
  {
    type: "appointment",
    config: {
      options: [
        { id: "s1", label: "上午", quota: 5 },
        { id: "s2", label: "下午", quota: 5, score: 1 },
      ],
    },
    badConfig: { options: [{ id: "s1", label: "上午" }] },
    valid: [{ optionId: "s2" }],
    invalid: [[{ optionId: "s3" }, "hiddenOption"]],
    malformed: { slot: "s1" },
    stats: { n: 1, counts: { s2: 1 } },
    score: {
      rule: { mode: "perOption" },
      answer: { optionId: "s2" },
      expected: { score: 1, max: 1, manual: false },
    },
  },
  layout("paragraph", { align: "center" }, { align: "right" }),
  layout("pageBreak", { title: "第二部分" }, { title: 2 }),
  layout("divider", { style: "dashed" }, { style: "wavy" }),
  layout("group", { memberIds: ["q2"] }, { memberIds: ["2q"] }),
];

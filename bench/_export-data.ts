// Shared by the benchmarks that export (export, analysis): a 50-question questionnaire (single, multiple, text,
// matrix and number questions) and its responses, inserted straight into a SQLite database.
import path from "node:path";
import SQLite from "better-sqlite3";

const LABELS = ["非常满意", "满意", "一般", "不满意", "非常不满意"];
const options = (n: number) => LABELS.slice(0, n).map((label, i) => ({ id: `o${i}`, label }));
const rows = ["服务态度", "响应速度", "专业程度"].map((label, i) => ({ id: `r${i}`, label }));

const PRESETS = ["name", "mobile", "idCard", "email", "studentId"] as const;
const PERSONAL_VALUES = ["欧阳明", "13912345678", "110105198001255005", "person@example.org", "A2026-0042"];

/**
 * 50 questions: 15 single, 10 multiple, 10 text, 5 matrix (3 rows), 10 number → 66 columns with metadata.
 * `personal`: five of the text questions ask for personal information instead (姓名, 手机, 身份证, 邮箱, 学号).
 */
function definition(personal = false) {
  const questions = Array.from({ length: 50 }, (_, i) => {
    const id = `q${i}`;
    const title = `第${i + 1}题`;
    switch (i % 10) {
      case 0:
      case 1:
      case 2:
        return { id, type: "single", title: `${title} 您对该项服务的评价`, config: { options: options(4) } };
      case 3:
      case 4:
        return { id, type: "multiple", title: `${title} 您使用过哪些渠道`, config: { options: options(5) } };
      case 5:
        return personal
          ? { id, type: "personal", title: `${title} 个人信息`, config: { preset: PRESETS[(i - 5) / 10] } }
          : { id, type: "text", title: `${title} 请填写您的意见`, config: {} };
      case 6:
        return { id, type: "text", title: `${title} 请填写您的意见`, config: {} };
      case 7:
        return { id, type: "matrixSingle", title: `${title} 请评价`, config: { rows, columns: options(5) } };
      default:
        return { id, type: "number", title: `${title} 您的年龄`, config: {} };
    }
  });
  return { schemaVersion: 1, kind: "survey", title: "导出基准问卷", pages: [{ id: "p1", questions }] };
}

/** A deterministic answer sheet and the labels its respondent saw. */
function answerSheet(n: number, personal = false) {
  const answers: Record<string, unknown> = {};
  const labels: Record<string, Record<string, string>> = {};
  for (let i = 0; i < 50; i += 1) {
    const pick = (n * 31 + i * 7) % 4;
    const id = `q${i}`;
    switch (i % 10) {
      case 0:
      case 1:
      case 2:
        answers[id] = { optionId: `o${pick}` };
        labels[id] = { [`o${pick}`]: LABELS[pick] as string };
        break;
      case 3:
      case 4:
        answers[id] = { optionIds: [`o${pick}`, "o4"] };
        labels[id] = { [`o${pick}`]: LABELS[pick] as string, o4: LABELS[4] as string };
        break;
      case 5:
        answers[id] = personal
          ? (PERSONAL_VALUES[(i - 5) / 10] as string)
          : `第${n}位受访者：整体不错，希望继续改进服务质量。`;
        break;
      case 6:
        answers[id] = `第${n}位受访者：整体不错，希望继续改进服务质量。`;
        break;
      case 7:
        answers[id] = { r0: `o${pick}`, r1: "o1", r2: `o${(pick + 2) % 5}` };
        labels[id] = { r0: "服务态度", r1: "响应速度", r2: "专业程度" };
        break;
      default:
        answers[id] = 18 + ((n + i) % 60);
    }
  }
  return { answers, labels: JSON.stringify(labels) };
}

/** The ids of the personal questions of the `personal` definition. */
export const personalQuestionIdsOfExport = PRESETS.map((_, k) => `q${5 + 10 * k}`);

/**
 * Writes the questionnaire and `responses` responses straight into the migrated SQLite database of `dataDir`
 * (no facts or counters but the response count: exports read the responses alone); answers its id.
 */
export async function seedExportData(
  dataDir: string,
  responses: number,
  options: {
    /**
     * Five personal questions; `sealer` gives, for the questionnaire just written, what turns each sheet's
     * answers into the stored text (personal values sealed).
     */
    personal?: {
      publicId: string;
      sealer?: (questionnaireId: number) => Promise<(answers: Record<string, unknown>) => string>;
    };
  } = {},
): Promise<number> {
  const personal = options.personal !== undefined;
  const db = new SQLite(path.join(dataDir, "wjgj.sqlite"));
  db.pragma("journal_mode = WAL");
  const now = new Date("2026-06-01T02:00:00.000Z").toISOString();
  const user = db
    .prepare("insert into users (phone, nick_name, created_at, updated_at) values (?, ?, ?, ?)")
    .run(personal ? `139000${String(Date.now()).slice(-5)}` : "13900000010", "基准", now, now);
  const json = JSON.stringify(definition(personal));
  const q = db
    .prepare(
      `insert into questionnaires (public_id, owner_id, kind, title, status, category_id, draft, version,
        published_version, settings, question_count, created_at, updated_at, published_at)
       values (?, ?, 'survey', '导出基准问卷', 'published', '', ?, 1, 1, '{}', 50, ?, ?, ?)`,
    )
    .run(options.personal?.publicId ?? "BenchExp01", user.lastInsertRowid, json, now, now, now);
  // The response count is the `total` counter (migration 0016).
  db.prepare(
    "insert into response_counter_shards (questionnaire_id, key, shard, count) values (?, 'total', 0, ?)",
  ).run(q.lastInsertRowid, responses);
  const revision = db
    .prepare(
      "insert into questionnaire_revisions (questionnaire_id, version, definition, created_at) values (?, 1, ?, ?)",
    )
    .run(q.lastInsertRowid, json, now);
  const seal = options.personal?.sealer ? await options.personal.sealer(Number(q.lastInsertRowid)) : null;
  const insert = db.prepare(
    `insert into responses (questionnaire_id, revision_id, answers, labels, end_state, status, ip, user_agent,
      device_id, source, duration_seconds, idempotency_key, submitted_at)
     values (?, ?, ?, ?, 'submitted', 'valid', ?, 'bench', ?, 'link', ?, ?, ?)`,
  );
  db.transaction(() => {
    for (let n = 0; n < responses; n += 1) {
      const sheet = answerSheet(n, personal);
      const answers = seal ? seal(sheet.answers) : JSON.stringify(sheet.answers);
      const labels = sheet.labels;
      const at = new Date(Date.parse(now) + n * 1000).toISOString();
      insert.run(
        q.lastInsertRowid,
        revision.lastInsertRowid,
        answers,
        labels,
        `10.0.${n % 250}.1`,
        `d${n}`,
        60 + (n % 300),
        `k${n}`,
        at,
      );
    }
  })();
  db.close();
  return Number(q.lastInsertRowid);
}

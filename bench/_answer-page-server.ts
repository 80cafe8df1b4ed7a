/**
 * For `npm run bench -- answer-page`: the real server (packages/server/src/main.ts) in its own process, on a
 * temporary DATA_DIR and SQLite, serving a given web build; and the 20 questions both pages show, as our
 * definition (created and published through the API, as a creator would) and as SurveyJS JSON.
 */
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const ADMIN_PHONE = "13800000000";
const ADMIN_PASSWORD = "Bench2024pass";

const choices = ["非常满意", "满意", "一般", "不满意"];
type Kind = "single" | "multiple" | "text" | "star" | "textarea";
const kinds: Kind[] = ["single", "multiple", "text", "star", "textarea"];
const questions = Array.from({ length: 20 }, (_, i) => ({
  n: i + 1,
  kind: kinds[i % kinds.length] as Kind,
  title: `第${i + 1}题 您对本次服务的评价`,
}));

/** Our definition of the 20 questions: 单选, 多选, 填空, 星级评分, 多行文本 in turn. */
export function oursDefinition() {
  const config = (kind: Kind) => {
    if (kind === "single" || kind === "multiple")
      return { options: choices.map((label, j) => ({ id: `o${j + 1}`, label })) };
    return kind === "star" ? { max: 5 } : {};
  };
  return {
    schemaVersion: 1,
    kind: "survey",
    title: "服务满意度调查",
    description: "感谢您抽出时间参与本次调查，大约需要 3 分钟。",
    pages: [
      {
        id: "p1",
        questions: questions.map((q) => ({
          id: `q${q.n}`,
          type: q.kind,
          title: q.title,
          required: q.kind === "single",
          config: config(q.kind),
        })),
      },
    ],
  };
}

/** The same 20 questions in SurveyJS's JSON. */
export function peerSurveyJson() {
  const element = (q: (typeof questions)[number]) => {
    const base = { name: `q${q.n}`, title: q.title };
    switch (q.kind) {
      case "single":
        return { ...base, type: "radiogroup", choices, isRequired: true };
      case "multiple":
        return { ...base, type: "checkbox", choices };
      case "text":
        return { ...base, type: "text" };
      case "star":
        return { ...base, type: "rating", rateType: "stars", rateMax: 5 };
      default:
        return { ...base, type: "comment" };
    }
  };
  return {
    title: "服务满意度调查",
    description: "感谢您抽出时间参与本次调查，大约需要 3 分钟。",
    pages: [{ name: "p1", elements: questions.map(element) }],
  };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject()));
    });
  });
}

async function api<T>(base: string, route: string, body: unknown, token?: string): Promise<T> {
  const response = await fetch(`${base}/wjgj/api/${route}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...(token ? { token } : {}) },
    body: JSON.stringify(body),
  });
  const envelope = (await response.json()) as { code: number; msg: string; data: T };
  if (envelope.code !== 200) throw new Error(`${route}: ${envelope.code} ${envelope.msg}`);
  return envelope.data;
}

export interface RunningServer {
  url: string;
  /** Creates and publishes the 20-question survey as the admin; answers its /r/{id} address. */
  publishSurvey(): Promise<string>;
  stop(): Promise<void>;
}

export async function startServer(webDist: string): Promise<RunningServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "wjgj-bench-page-data-"));
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    WEB_DIST: webDist,
    SEED_DEMO: "0",
    ADMIN_PHONE,
    ADMIN_PASSWORD,
    LOG_LEVEL: "warn",
  };
  delete env.DATABASE_URL;
  // BENCH_SERVER_ENTRY=packages/server/dist/main.js runs a server build instead of the sources (which may be
  // mid-edit while the page is measured).
  const entry = process.env.BENCH_SERVER_ENTRY;
  const child: ChildProcess = spawn(
    process.execPath,
    entry
      ? [path.resolve(repoRoot, entry)]
      : ["--import", "tsx", path.join(repoRoot, "packages/server/src/main.ts")],
    { cwd: repoRoot, env, stdio: ["ignore", "ignore", "inherit"] },
  );
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    const ready = await fetch(`${url}/wjgj/api/navigation/getFooterInfo`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error("server did not start within 60 s");
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    url,
    stop,
    async publishSurvey() {
      const login = await api<{ token: string }>(url, "user/login", {
        phone: ADMIN_PHONE,
        password: ADMIN_PASSWORD,
      });
      const created = await api<{ id: number; publicId: string }>(
        url,
        "questionary/addQuestionary",
        { kind: "survey", title: "服务满意度调查", definition: oursDefinition() },
        login.token,
      );
      await api(url, "questionary/releaseQuestionary", { id: created.id }, login.token);
      return `${url}/r/${created.publicId}`;
    },
  };
}

import { collectDefaultMetrics } from "prom-client";
import { buildApp } from "./app.ts";
import { systemClock } from "./clock.ts";
import { sendDueStartReminders } from "./commands/answering/start-reminders.ts";
import { sweepExpiredAttempts } from "./commands/exams/hand-in.ts";
import { MAINTENANCE_EVERY_HOURS, MAINTENANCE_JOB, maintenanceJobKey } from "./commands/maintenance.ts";
import { loadConfig } from "./config.ts";
import { openDb, toCount } from "./db/index.ts";
import { withSessionLock } from "./db/locks.ts";
import { migrateToLatest } from "./db/migrations/index.ts";
import { metricsOf } from "./http/metrics.ts";
import { jobWorkerOf } from "./jobs/index.ts";
import { type Credential, ensureAdmin, seedDemoAccounts } from "./seed/accounts.ts";
import { seedDemoQuestionnaires } from "./seed/demo-questionnaires.ts";
import { seedSiteContent } from "./seed/site-content.ts";
import { seedOfficialTemplates } from "./seed/templates/index.ts";
import { consoleSmsProvider } from "./sms/console-provider.ts";
import { createStorage } from "./storage/index.ts";

function printCredentials(url: string, credentials: Credential[], adminShown: boolean): void {
  const lines = [
    "",
    `问卷管家已启动：${url}`,
    "",
    "登录账号（手机号 / 密码）：",
    ...credentials.map((c) => `  ${c.label}：${c.phone} / ${c.password}`),
  ];
  if (!adminShown)
    lines.push("  管理员密码只在首次启动时显示；可用 ADMIN_PHONE 与 ADMIN_PASSWORD 重新设置。");
  lines.push("");
  process.stdout.write(`${lines.join("\n")}\n`);
}

async function main(): Promise<void> {
  const config = loadConfig();
  // SQLite: WAL checkpoints on a worker thread, off the event loop (db/checkpointer.ts). A worker that fails
  // leaves them to the server's connection, as SQLite does by default.
  const handle = openDb({
    ...config,
    checkpointThread: {
      onError: (message) => process.stderr.write(`SQLite 检查点线程出错，改由主连接做检查点：${message}\n`),
    },
  });
  await migrateToLatest(handle.db, handle.dialect);

  const clock = systemClock;
  // Instances started together on an empty database would each create the admin and the demo content.
  const { empty, admin, demo } = await withSessionLock(
    handle.db,
    handle.dialect,
    "wjgj:startup",
    async (db) => {
      const users = await db
        .selectFrom("users")
        .select((eb) => eb.fn.countAll().as("count"))
        .executeTakeFirst();
      const empty = toCount(users) === 0;
      const admin = await ensureAdmin(db, clock, config);
      const demo = config.seedDemo ? await seedDemoAccounts(db, clock, empty, config.passwordHashCost) : [];
      if (config.seedDemo && empty) {
        const author = await db
          .selectFrom("users")
          .select("id")
          .where("role", "=", "admin")
          .orderBy("id")
          .executeTakeFirst();
        await seedSiteContent(db, clock, author?.id ?? 0);
      }
      return { empty, admin, demo };
    },
  );

  const storage = createStorage(config);
  const app = await buildApp({
    config,
    db: handle.db,
    dialect: handle.dialect,
    clock,
    storage,
    ...(handle.pool ? { dbPool: handle.pool } : {}),
  });
  const metrics = metricsOf(app);
  if (metrics) collectDefaultMetrics({ register: metrics.registry });
  if (empty) {
    // The template gallery's official content is product content, not demo data: written on every new site.
    await seedOfficialTemplates({
      config,
      db: handle.db,
      dialect: handle.dialect,
      clock,
      sms: consoleSmsProvider(app.log),
      storage,
    });
  }
  if (config.seedDemo && empty) {
    await seedDemoQuestionnaires({
      config,
      db: handle.db,
      dialect: handle.dialect,
      clock,
      sms: consoleSmsProvider(app.log),
      storage,
    });
  }
  // Retention housekeeping at start and every six hours, through the shared queue: every instance asks,
  // the slot's key lets one of them do it. The timer never keeps the process alive.
  await app.ready();
  const worker = jobWorkerOf(app);
  const prune = () =>
    worker
      .enqueue(MAINTENANCE_JOB, maintenanceJobKey(clock.now()), {})
      .catch((error: unknown) => app.log.error({ err: error }, "queueing the pruning failed"));
  await prune();
  const pruneTimer = setInterval(prune, MAINTENANCE_EVERY_HOURS * 3600 * 1000);
  pruneTimer.unref();
  // 提醒我 on /trailerPage promises the SMS at the start: checked every minute, each reminder sent once.
  const remindContext = { db: handle.db, clock, config, sms: consoleSmsProvider(app.log) };
  const remind = () =>
    sendDueStartReminders(remindContext).catch((error: unknown) =>
      app.log.error({ err: error }, "sending start reminders failed"),
    );
  const remindTimer = setInterval(remind, 60 * 1000);
  remindTimer.unref();
  // 考试: attempts whose time is up and whose page never came back are handed in with their saved answers. Every
  // instance sweeps; a hand-in claims only an active attempt and stores under the attempt's key, so they agree.
  const examContext = {
    db: handle.db,
    dialect: handle.dialect,
    clock,
    config,
    storage,
    sms: consoleSmsProvider(app.log),
  };
  const sweepExams = () =>
    sweepExpiredAttempts(examContext).catch((error: unknown) =>
      app.log.error({ err: error }, "handing in expired exam attempts failed"),
    );
  const examTimer = setInterval(sweepExams, 15 * 1000);
  examTimer.unref();
  // SIGTERM drains: the listener closes (new connections are refused, requests on open ones get 503 and
  // /readyz with them), requests in flight finish and are answered, the job worker stops its job between
  // steps and hands it back to the shared queue (another instance takes it at once), then the pool closes. A second signal does not cut this short.
  let closing = false;
  const close = async (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    clearInterval(pruneTimer);
    clearInterval(remindTimer);
    clearInterval(examTimer);
    try {
      await app.close();
      await handle.destroy();
      process.exit(0);
    } catch (error) {
      process.stderr.write(
        `停止时出错（${signal}）：${error instanceof Error ? error.message : String(error)}\n`,
      );
      process.exit(1);
    }
  };
  process.on("SIGINT", close);
  process.on("SIGTERM", close);

  await app.listen({ port: config.port, host: config.host });
  const shownHost = config.host === "0.0.0.0" || config.host === "::" ? "localhost" : config.host;
  printCredentials(
    `http://${shownHost}:${config.port}`,
    [...(admin ? [admin] : []), ...demo],
    admin !== null,
  );
}

main().catch((error: unknown) => {
  process.stderr.write(`启动失败：${error instanceof Error ? error.message : String(error)}\n`);
  if (error instanceof Error && error.cause) process.stderr.write(`${String(error.cause)}\n`);
  process.exit(1);
});

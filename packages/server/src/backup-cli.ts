import { backupSqlite, restoreSqlite } from "./backup.ts";
import { loadConfig } from "./config.ts";

/** `npm run backup -w @wjgj/server -- <file>` and `npm run restore -w @wjgj/server -- <file>` (SQLite). */
async function main(): Promise<void> {
  const [command, file] = process.argv.slice(2);
  const config = loadConfig();
  if (config.databaseUrl)
    throw new Error("已配置 DATABASE_URL：PostgreSQL 请用 pg_dump / pg_restore（见 README）");
  if (!file || (command !== "backup" && command !== "restore")) {
    throw new Error("用法：backup <备份文件> 或 restore <备份文件>");
  }
  if (command === "backup") {
    const { bytes } = await backupSqlite(config.dataDir, file);
    process.stdout.write(`已备份到 ${file}（${bytes} 字节）\n`);
  } else {
    restoreSqlite(config.dataDir, file);
    process.stdout.write(`已从 ${file} 恢复；原数据库保留为 wjgj.sqlite.before-restore\n`);
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});

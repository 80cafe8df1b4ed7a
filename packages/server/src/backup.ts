import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";

/**
 * A consistent copy of the SQLite database while the server keeps running, through SQLite's online backup
 * API (pages copied in steps; writes in between are picked up, so the copy is of one moment). Written to a
 * temporary name and renamed, so a half-made backup never carries the final name.
 */
export async function backupSqlite(dataDir: string, target: string): Promise<{ bytes: number }> {
  const source = new SQLite(path.join(dataDir, "wjgj.sqlite"), { readonly: true, fileMustExist: true });
  const partial = `${target}.partial`;
  try {
    fs.mkdirSync(path.dirname(path.resolve(target)), { recursive: true });
    await source.backup(partial);
    fs.renameSync(partial, target);
  } finally {
    fs.rmSync(partial, { force: true });
    source.close();
  }
  return { bytes: fs.statSync(target).size };
}

/**
 * Puts a backup in place of DATA_DIR's database (the server must be stopped): the backup is checked first
 * (integrity_check), the current database is kept beside it as wjgj.sqlite.before-restore, and the WAL
 * files of the old database are removed so they cannot be replayed over the restored one.
 */
export function restoreSqlite(dataDir: string, backup: string): void {
  const check = new SQLite(backup, { readonly: true, fileMustExist: true });
  try {
    const result = check.pragma("integrity_check", { simple: true });
    if (result !== "ok") throw new Error(`备份文件已损坏：${String(result)}`);
  } finally {
    check.close();
  }
  const live = path.join(dataDir, "wjgj.sqlite");
  fs.mkdirSync(dataDir, { recursive: true });
  if (fs.existsSync(live)) fs.renameSync(live, `${live}.before-restore`);
  for (const suffix of ["-wal", "-shm"]) fs.rmSync(`${live}${suffix}`, { force: true });
  fs.copyFileSync(backup, `${live}.restoring`);
  fs.renameSync(`${live}.restoring`, live);
}

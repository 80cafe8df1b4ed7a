import { type ChildProcess, spawn } from "node:child_process";
import net from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PASSWORD_HASH_COST } from "../src/security/hashing.ts";
import { TEST_MASTER_KEY } from "./helpers.ts";

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** A port nobody listens on right now, on loopback. */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  output: () => string;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
}

/** Starts `src/main.ts` as `npm start` would, and resolves once it printed its startup line. */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ["--import", "tsx", "src/main.ts"], {
    cwd: serverRoot,
    env: {
      ...process.env,
      HOST: "127.0.0.1",
      PORT: String(port),
      SEED_DEMO: "0",
      LOG_LEVEL: "warn",
      MASTER_KEY: TEST_MASTER_KEY,
      PASSWORD_HASH_COST: String(PASSWORD_HASH_COST.min),
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("问卷管家已启动")) resolve();
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    exited.then((code) => reject(new Error(`server exited (${code}) before it started:\n${output}`)));
  });
  return { child, url: `http://127.0.0.1:${port}`, output: () => output, exited };
}

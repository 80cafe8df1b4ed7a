import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";

export interface S3TestServer {
  /** The S3_* variables of a configuration that uses this server's bucket. */
  env: Record<string, string>;
  close(): Promise<void>;
}

/**
 * A real S3-compatible server (s3rver, from npm) on loopback with one empty bucket, for tests of the S3
 * storage driver: requests go through the AWS SDK and its signing exactly as against a bucket in a cloud.
 */
export async function startS3Server(bucket = "wjgj-test"): Promise<S3TestServer> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "wjgj-s3-"));
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    directory,
    silent: true,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await server.run();
  return {
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_REGION: "us-east-1",
      // s3rver's fixed credentials; it checks signatures made with them.
      S3_ACCESS_KEY_ID: "S3RVER",
      S3_SECRET_ACCESS_KEY: "S3RVER",
      S3_FORCE_PATH_STYLE: "1",
    },
    async close() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}

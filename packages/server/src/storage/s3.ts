import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { temporaryPathFor } from "../durable-write.ts";
import { assertSafeKey, type Storage } from "./storage.ts";

export interface S3Settings {
  endpoint: string | undefined;
  bucket: string;
  region: string;
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  forcePathStyle: boolean;
  /** Where exports are written before they are sent to the bucket. */
  scratchDir: string;
}

type Sdk = typeof import("@aws-sdk/client-s3");

function isMissing(sdk: Sdk, error: unknown): boolean {
  return (
    error instanceof sdk.S3ServiceException &&
    (error.name === "NotFound" || error.name === "NoSuchKey" || error.$metadata.httpStatusCode === 404)
  );
}

/**
 * An S3-compatible bucket through the AWS SDK v3 (AWS, MinIO, Ceph, OSS/COS in S3 mode). Keys are
 * 128-bit random, so `exclusive` needs no conditional write. Checksums are only sent where the API
 * requires them: several S3-compatible stores refuse the SDK's newer default trailers.
 */
export function s3Storage(settings: S3Settings): Storage {
  // The SDK takes about a tenth of a second to load: only a server configured for S3 loads it, once, from here.
  const loaded = import("@aws-sdk/client-s3").then((sdk) => ({
    sdk,
    client: new sdk.S3Client({
      region: settings.region,
      forcePathStyle: settings.forcePathStyle,
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
      ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
      ...(settings.accessKeyId && settings.secretAccessKey
        ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }
        : {}),
    }),
  }));
  // A failed load is reported by the first call that needs the SDK, not as an unhandled rejection at start.
  loaded.catch(() => {});
  const Bucket = settings.bucket;
  const keyOf = (key: string) => {
    assertSafeKey(key);
    return key;
  };
  return {
    driver: "s3",
    async put(key, data, options = {}) {
      const { sdk, client } = await loaded;
      await client.send(
        new sdk.PutObjectCommand({
          Bucket,
          Key: keyOf(key),
          Body: data,
          ContentLength: data.byteLength,
          ...(options.contentType ? { ContentType: options.contentType } : {}),
        }),
      );
    },
    async scratchFile(key) {
      await fsp.mkdir(settings.scratchDir, { recursive: true });
      return temporaryPathFor(path.join(settings.scratchDir, path.basename(keyOf(key))));
    },
    async putFile(key, file, options = {}) {
      try {
        const { size } = await fsp.stat(file);
        const { sdk, client } = await loaded;
        await client.send(
          new sdk.PutObjectCommand({
            Bucket,
            Key: keyOf(key),
            Body: fs.createReadStream(file),
            ContentLength: size,
            ...(options.contentType ? { ContentType: options.contentType } : {}),
          }),
        );
      } finally {
        await fsp.rm(file, { force: true });
      }
    },
    async open(key) {
      const { sdk, client } = await loaded;
      try {
        const object = await client.send(new sdk.GetObjectCommand({ Bucket, Key: keyOf(key) }));
        return { size: Number(object.ContentLength ?? 0), body: object.Body as Readable };
      } catch (error) {
        if (isMissing(sdk, error)) return null;
        throw error;
      }
    },
    async stat(key) {
      const { sdk, client } = await loaded;
      try {
        const head = await client.send(new sdk.HeadObjectCommand({ Bucket, Key: keyOf(key) }));
        return { size: Number(head.ContentLength ?? 0) };
      } catch (error) {
        if (isMissing(sdk, error)) return null;
        throw error;
      }
    },
    async remove(key) {
      const { sdk, client } = await loaded;
      await client.send(new sdk.DeleteObjectCommand({ Bucket, Key: keyOf(key) }));
    },
    async check() {
      const { sdk, client } = await loaded;
      await client.send(new sdk.HeadBucketCommand({ Bucket }));
    },
  };
}

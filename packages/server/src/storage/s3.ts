import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
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

function isMissing(error: unknown): boolean {
  return (
    error instanceof S3ServiceException &&
    (error.name === "NotFound" || error.name === "NoSuchKey" || error.$metadata.httpStatusCode === 404)
  );
}

/**
 * An S3-compatible bucket through the AWS SDK v3 (AWS, MinIO, Ceph, OSS/COS in S3 mode). Keys are
 * 128-bit random, so `exclusive` needs no conditional write. Checksums are only sent where the API
 * requires them: several S3-compatible stores refuse the SDK's newer default trailers.
 */
export function s3Storage(settings: S3Settings): Storage {
  const client = new S3Client({
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    ...(settings.accessKeyId && settings.secretAccessKey
      ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }
      : {}),
  });
  const Bucket = settings.bucket;
  const keyOf = (key: string) => {
    assertSafeKey(key);
    return key;
  };
  return {
    driver: "s3",
    async put(key, data, options = {}) {
      await client.send(
        new PutObjectCommand({
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
        await client.send(
          new PutObjectCommand({
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
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: keyOf(key) }));
        return { size: Number(object.ContentLength ?? 0), body: object.Body as Readable };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async stat(key) {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: keyOf(key) }));
        return { size: Number(head.ContentLength ?? 0) };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: keyOf(key) }));
    },
    async check() {
      await client.send(new HeadBucketCommand({ Bucket }));
    },
  };
}

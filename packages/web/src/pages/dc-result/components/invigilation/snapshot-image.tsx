import { Image, Skeleton } from "antd";
import { useEffect, useState } from "react";
import { examGuardApi } from "../../../../api/exam-guard.ts";

/**
 * A 监考抓拍: snapshots answer to the session header only (never a public address), so the image is fetched
 * as a blob and shown from an object URL, revoked when it leaves the screen.
 */
export function SnapshotImage({ id, eventId, width }: { id: number; eventId: number; width: number }) {
  const [src, setSrc] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const controller = new AbortController();
    let objectUrl: string | null = null;
    setSrc(null);
    setFailed(false);
    examGuardApi.getSnapshot(id, eventId, controller.signal).then(
      (blob) => {
        if (controller.signal.aborted) return;
        objectUrl = URL.createObjectURL(blob);
        setSrc(objectUrl);
      },
      () => !controller.signal.aborted && setFailed(true),
    );
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [id, eventId]);
  const height = Math.round((width * 3) / 4);
  if (failed) return <span className="wj-muted">照片加载失败</span>;
  if (!src) return <Skeleton.Image active style={{ width, height }} />;
  return (
    <Image
      className="wj-invigilation__snapshot"
      data-testid="exam-snapshot"
      src={src}
      alt="监考抓拍"
      width={width}
      height={height}
    />
  );
}

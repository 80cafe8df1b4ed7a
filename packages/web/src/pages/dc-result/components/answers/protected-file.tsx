import { PaperClipOutlined } from "@ant-design/icons";
import type { TextAnswerFile } from "@wjgj/core";
import { Button, Image, Skeleton } from "antd";
import { useEffect, useState } from "react";
import { fetchProtectedBlob, saveBlob } from "../../../../api/exports.ts";
import { useApiError } from "../../../../hooks/use-api-error.ts";
import { formatBytes } from "../../lib/format.ts";

/**
 * Files and signatures are the owner's only: their addresses answer to the session header, which an
 * <img> cannot send, so the image is fetched and shown from a blob. A signature stored inline (a PNG data
 * URL, which core accepts) is shown as it is: there is nothing to fetch, and the page's connect-src
 * would refuse a fetch of data: anyway.
 */
export function ProtectedImage({ url, alt, width = 160 }: { url: string; alt: string; width?: number }) {
  const inline = url.startsWith("data:image/");
  const [fetched, setSrc] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!url || inline) return;
    const controller = new AbortController();
    let objectUrl: string | null = null;
    fetchProtectedBlob(url, controller.signal).then(
      (blob) => {
        objectUrl = URL.createObjectURL(blob);
        setSrc(objectUrl);
      },
      () => !controller.signal.aborted && setFailed(true),
    );
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url, inline]);
  const src = inline ? url : fetched;
  if (failed) return <span className="wj-muted">图片加载失败</span>;
  if (!src) return <Skeleton.Image active style={{ width, height: width * 0.375 }} />;
  return <Image className="wj-signature" src={src} alt={alt} width={width} />;
}

/** An uploaded file: its name and size; clicking downloads it with the session. */
export function FileLink({ file }: { file: TextAnswerFile }) {
  const showError = useApiError();
  const [busy, setBusy] = useState(false);
  const handleDownload = async () => {
    setBusy(true);
    try {
      saveBlob(await fetchProtectedBlob(file.url), file.name);
    } catch (error) {
      showError(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      type="link"
      size="small"
      className="wj-file-link"
      icon={<PaperClipOutlined />}
      loading={busy}
      onClick={() => void handleDownload()}
    >
      {file.name}
      <span className="wj-muted">（{formatBytes(file.size)}）</span>
    </Button>
  );
}

import { lazy, Suspense, useRef, useState } from "react";
import { uploadFile } from "../../lib/upload.ts";
import { asText } from "../../lib/values.ts";
import type { FieldProps } from "../field-types.ts";
import type { SignaturePadHandle } from "../signature-pad/signature-pad.tsx";

// The pad (and its export code) loads only when someone opens it.
const SignaturePad = lazy(() =>
  import("../signature-pad/signature-pad.tsx").then((module) => ({ default: module.SignaturePad })),
);

/** 电子签名: the signed image (or 点击签名); signing happens in a sheet with 清除 / 确定. */
export function SignatureField({ question, value, onChange, context }: FieldProps<"signature">) {
  const url = asText(value);
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState("");
  const pad = useRef<SignaturePadHandle>(null);
  const config = question.config;

  const handleConfirm = async () => {
    setMessage("");
    const handle = pad.current;
    if (!handle) {
      setMessage("签名板加载中，请稍候");
      return;
    }
    let image: string;
    try {
      image = await handle.generate();
    } catch {
      // The pad rejects a blank export (seed §8: "Warning: Not Signned!"); say it in Chinese.
      setMessage("请先签名");
      return;
    }
    if (context.preview) {
      // A preview is never stored, so its signature need not be either: the answer keeps the image itself.
      onChange(image);
      setOpen(false);
      return;
    }
    setBusy(true);
    const { dataUrlToBlob } = await import("../signature-pad/geometry.ts");
    const result = await uploadFile(
      { publicId: context.publicId, questionId: question.id, answerToken: context.answerToken },
      dataUrlToBlob(image),
      "signature.png",
      () => {},
    );
    setBusy(false);
    if (!result.ok) {
      setMessage(`签名保存失败：${result.msg}`);
      return;
    }
    onChange(result.data.url);
    setOpen(false);
  };

  return (
    <div className="wa-sign">
      {url ? (
        <div className="wa-sign-done">
          <img src={url} alt="我的签名" className="wa-sign-img" />
          <button type="button" className="wa-link" onClick={() => setOpen(true)}>
            重新签名
          </button>
        </div>
      ) : (
        <button type="button" className="wa-btn wa-btn-ghost wa-sign-open" onClick={() => setOpen(true)}>
          ✍ 点击签名
        </button>
      )}
      {open ? (
        <div className="wa-sheet" role="dialog" aria-modal="true" aria-label="手写签名">
          <div className="wa-sheet-body">
            <div className="wa-sheet-title">请在下方区域手写签名</div>
            <Suspense fallback={<div className="wa-loading">签名板加载中…</div>}>
              <SignaturePad
                ref={pad}
                width={config.width}
                height={config.height}
                lineWidth={config.lineWidth}
                lineColor={config.lineColor}
                isCrop={config.crop}
                onDrawnChange={() => setMessage("")}
              />
            </Suspense>
            {message ? <p className="wa-msg">{message}</p> : null}
            <div className="wa-sheet-actions">
              <button type="button" className="wa-btn wa-btn-ghost" onClick={() => setOpen(false)}>
                取消
              </button>
              <button type="button" className="wa-btn wa-btn-ghost" onClick={() => pad.current?.reset()}>
                清除
              </button>
              <button type="button" className="wa-btn" disabled={busy} onClick={() => void handleConfirm()}>
                {busy ? "保存中…" : "确定"}
              </button>
            </div>
          </div>
        </div>
      ) : null}
    </div>
  );
}

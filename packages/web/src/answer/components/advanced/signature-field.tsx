import { isTypedSignature, TYPED_SIGNATURE_MARK } from "@wjgj/core/survey/types/advanced/signature-mark";
import { useRef, useState } from "react";
import { uploadFile } from "../../lib/upload.ts";
import { asText } from "../../lib/values.ts";
import { useFieldA11y } from "../a11y/field-a11y.ts";
import type { FieldProps } from "../field-types.ts";
import type { SignaturePadHandle } from "../signature-pad/signature-pad.tsx";
import { SignatureSheet, type SignMode } from "./signature-sheet.tsx";

/** 电子签名: the signed image (or 点击签名); signing happens in a dialog with 清除 / 确定. */
export function SignatureField({ question, value, onChange, context }: FieldProps<"signature">) {
  const url = asText(value);
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState("");
  const [mode, setMode] = useState<SignMode>("draw");
  const [typed, setTyped] = useState("");
  const pad = useRef<SignaturePadHandle>(null);
  const wrap = useRef<HTMLDivElement>(null);
  const a11y = useFieldA11y();
  const config = question.config;

  /** The PNG of what was signed, or a message saying what is missing. */
  const exportImage = async (): Promise<string | null> => {
    if (mode === "type") {
      if (!typed.trim()) {
        setMessage("请输入姓名");
        return null;
      }
      const { typedSignaturePng } = await import("../signature-pad/typed-signature.ts");
      return typedSignaturePng(typed, {
        width: config.width,
        height: config.height,
        color: config.lineColor,
        crop: config.crop,
      });
    }
    const handle = pad.current;
    if (!handle) {
      setMessage("签名板加载中，请稍候");
      return null;
    }
    try {
      return await handle.generate();
    } catch {
      // The pad rejects a blank export (seed §8: "Warning: Not Signned!"); say it in Chinese.
      setMessage("请先签名，或选择“输入姓名”");
      return null;
    }
  };

  const handleConfirm = async () => {
    if (busy) return;
    setMessage("");
    const image = await exportImage();
    if (!image) return;
    const mark = mode === "type" ? TYPED_SIGNATURE_MARK : "";
    if (context.preview) {
      // A preview is never stored, so its signature need not be either: the answer keeps the image itself.
      onChange(`${image}${mark}`);
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
    onChange(`${result.data.url}${mark}`);
    setOpen(false);
  };

  const handleClear = () => {
    setMessage("");
    if (mode === "type") setTyped("");
    else pad.current?.reset();
  };

  const invalid = a11y.invalid ? { "aria-invalid": true, "aria-describedby": a11y.errorId } : {};
  const typedAnswer = url !== "" && isTypedSignature(url);
  return (
    <div className="wa-sign" ref={wrap}>
      {url ? (
        <div className="wa-sign-done">
          <img src={url} alt={typedAnswer ? "我的签名（键入姓名）" : "我的签名"} className="wa-sign-img" />
          <button
            type="button"
            className="wa-link wa-sign-again"
            aria-haspopup="dialog"
            aria-label={`重新签名（${a11y.name}）`}
            {...invalid}
            onClick={() => setOpen(true)}
          >
            重新签名
          </button>
        </div>
      ) : (
        <button
          type="button"
          className="wa-btn wa-btn-ghost wa-sign-open"
          aria-haspopup="dialog"
          aria-label={`点击签名（${a11y.name}）`}
          {...invalid}
          onClick={() => setOpen(true)}
        >
          <span aria-hidden="true">✍</span> 点击签名
        </button>
      )}
      {open ? (
        <SignatureSheet
          config={config}
          pad={pad}
          mode={mode}
          typed={typed}
          message={message}
          busy={busy}
          onMode={(next) => {
            setMessage("");
            setMode(next);
          }}
          onTyped={(name) => {
            setMessage("");
            setTyped(name);
          }}
          onClear={handleClear}
          onCancel={() => {
            setMessage("");
            setOpen(false);
          }}
          onConfirm={() => void handleConfirm()}
          returnTo={() => wrap.current?.querySelector("button")}
        />
      ) : null}
    </div>
  );
}

import type { SignatureConfig } from "@wjgj/core/survey/types/advanced/signature";
import { lazy, type RefObject, Suspense, useEffect, useRef, useState } from "react";
import { useDialog } from "../a11y/use-dialog.ts";
import type { SignaturePadHandle } from "../signature-pad/signature-pad.tsx";

// The pad (and its export code) loads only when someone opens it.
const SignaturePad = lazy(() =>
  import("../signature-pad/signature-pad.tsx").then((module) => ({ default: module.SignaturePad })),
);

export type SignMode = "draw" | "type";

/**
 * The signing sheet, a modal dialog: 手写签名 on the pad, or 输入姓名 for whoever cannot draw (keyboard,
 * switch or screen-reader users); both end in the same PNG.
 */
export function SignatureSheet(props: {
  config: SignatureConfig;
  pad: RefObject<SignaturePadHandle | null>;
  mode: SignMode;
  typed: string;
  message: string;
  busy: boolean;
  onMode(mode: SignMode): void;
  onTyped(name: string): void;
  onClear(): void;
  onCancel(): void;
  onConfirm(): void;
  returnTo(): HTMLElement | null | undefined;
}) {
  const { config, mode } = props;
  const dialog = useDialog(props.onCancel, props.returnTo);
  const nameInput = useRef<HTMLInputElement>(null);
  const [switched, setSwitched] = useState(false);
  useEffect(() => {
    if (switched && mode === "type") nameInput.current?.focus();
  }, [mode, switched]);
  const choose = (next: SignMode) => {
    setSwitched(true);
    props.onMode(next);
  };

  return (
    <div className="wa-sheet">
      <div
        ref={dialog}
        className="wa-sheet-body"
        role="dialog"
        aria-modal="true"
        aria-labelledby="wa-sign-title"
        tabIndex={-1}
      >
        <h2 id="wa-sign-title" className="wa-sheet-title wa-sheet-heading">
          签名
        </h2>
        <fieldset className="wa-seg">
          <legend className="wa-sr">签名方式</legend>
          {(["draw", "type"] as const).map((item) => (
            <button
              key={item}
              type="button"
              className={`wa-seg-btn${mode === item ? " is-on" : ""}`}
              aria-pressed={mode === item}
              onClick={() => choose(item)}
            >
              {item === "draw" ? "手写签名" : "输入姓名"}
            </button>
          ))}
        </fieldset>
        {mode === "draw" ? (
          <Suspense
            fallback={
              <div className="wa-loading" role="status">
                签名板加载中…
              </div>
            }
          >
            <SignaturePad
              ref={props.pad}
              width={config.width}
              height={config.height}
              lineWidth={config.lineWidth}
              lineColor={config.lineColor}
              isCrop={config.crop}
              label="手写签名区域，用手指或鼠标书写；不便书写时请选择“输入姓名”"
              onDrawnChange={() => props.onTyped(props.typed)}
            />
          </Suspense>
        ) : (
          <div className="wa-sign-type">
            <label className="wa-blank-label" htmlFor="wa-sign-name">
              输入姓名（将生成签名图片）
            </label>
            <input
              ref={nameInput}
              id="wa-sign-name"
              className="wa-input"
              autoComplete="name"
              maxLength={40}
              value={props.typed}
              onChange={(event) => props.onTyped(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === "Enter") props.onConfirm();
              }}
            />
            <div className="wa-sign-preview" aria-hidden="true" style={{ color: config.lineColor }}>
              {props.typed.trim()}
            </div>
          </div>
        )}
        {props.message ? (
          <p className="wa-msg" role="alert">
            {props.message}
          </p>
        ) : null}
        <div className="wa-sheet-actions">
          <button type="button" className="wa-btn wa-btn-ghost" onClick={props.onCancel}>
            取消
          </button>
          <button type="button" className="wa-btn wa-btn-ghost" onClick={props.onClear}>
            清除
          </button>
          <button type="button" className="wa-btn" disabled={props.busy} onClick={props.onConfirm}>
            {props.busy ? "保存中…" : "确定"}
          </button>
        </div>
      </div>
    </div>
  );
}

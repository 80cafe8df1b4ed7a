import { useRef, useState } from "react";
import { deleteUpload, uploadFile } from "../../lib/upload.ts";
import { isRecord } from "../../lib/values.ts";
import { partAttrs, useFieldA11y } from "../a11y/field-a11y.ts";
import type { FieldProps } from "../field-types.ts";

/** What a 文件上传 answer stores per file (core's file-upload answer schema). */
interface StoredFile {
  fileId: string;
  name: string;
  size: number;
  mime?: string;
}

function filesOf(value: unknown): StoredFile[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (f): f is StoredFile =>
      isRecord(f) && typeof f.fileId === "string" && typeof f.name === "string" && typeof f.size === "number",
  );
}

function sizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes}B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)}KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)}MB`;
}

interface Pending {
  name: string;
  progress: number;
}

export function FileField({ question, value, onChange, context }: FieldProps<"file">) {
  const files = filesOf(value);
  const { accept, maxCount, maxSizeMb, sensitive } = question.config;
  const [pending, setPending] = useState<Pending[]>([]);
  const [message, setMessage] = useState("");
  const latest = useRef(files);
  const a11y = useFieldA11y();
  latest.current = files;

  const handlePick = async (picked: FileList | null) => {
    setMessage("");
    const chosen = [...(picked ?? [])].slice(0, Math.max(maxCount - files.length - pending.length, 0));
    for (const file of chosen) {
      if (file.size > maxSizeMb * 1024 * 1024) {
        setMessage(`“${file.name}”超过 ${maxSizeMb}MB`);
        continue;
      }
      const entry: Pending = { name: file.name, progress: 0 };
      setPending((list) => [...list, entry]);
      const result = await uploadFile(
        { publicId: context.publicId, questionId: question.id, answerToken: context.answerToken },
        file,
        file.name,
        (progress) => setPending((list) => list.map((p) => (p === entry ? { ...p, progress } : p))),
      );
      setPending((list) => list.filter((p) => p.name !== entry.name));
      if (!result.ok) {
        setMessage(`“${file.name}”上传失败：${result.msg}`);
        continue;
      }
      const stored: StoredFile = {
        fileId: result.data.fileId ?? result.data.path,
        name: result.data.name,
        size: result.data.size,
        mime: result.data.type,
      };
      onChange([...latest.current, stored]);
    }
  };

  const handleRemove = async (file: StoredFile) => {
    const next = files.filter((f) => f.fileId !== file.fileId);
    onChange(next.length > 0 ? next : undefined);
    const result = await deleteUpload(file.fileId, context.answerToken);
    if (!result.ok && result.kind === "network") setMessage("文件已移除，服务器暂未删除，将自动清理");
  };

  const full = files.length + pending.length >= maxCount;
  return (
    <div className="wa-stack">
      {files.map((file) => (
        <div key={file.fileId} className="wa-file">
          <span className="wa-file-name">{file.name}</span>
          <span className="wa-file-size">{sizeText(file.size)}</span>
          <button
            type="button"
            className="wa-link"
            aria-label={`删除 ${file.name}`}
            onClick={() => void handleRemove(file)}
          >
            删除
          </button>
        </div>
      ))}
      {pending.map((file) => (
        <div key={file.name} className="wa-file">
          <span className="wa-file-name">{file.name}</span>
          <span
            className="wa-progress"
            role="progressbar"
            aria-label={`${file.name} 上传进度`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.round(file.progress * 100)}
          >
            <i style={{ width: `${Math.round(file.progress * 100)}%` }} />
          </span>
        </div>
      ))}
      {full ? null : (
        <label className="wa-upload">
          <input
            type="file"
            accept={accept.map((ext) => `.${ext}`).join(",") || undefined}
            multiple={maxCount > 1}
            {...partAttrs(a11y, "选择文件")}
            onChange={(event) => {
              void handlePick(event.target.files);
              event.target.value = "";
            }}
          />
          <span>+ 选择文件</span>
          <small>{`${accept.length > 0 ? `支持 ${accept.join("、")}，` : ""}单个不超过 ${maxSizeMb}MB，最多 ${maxCount} 个${sensitive ? "；文件加密保存，仅发布方授权人员可查看" : ""}`}</small>
        </label>
      )}
      {message ? (
        <p className="wa-msg" role="alert">
          {message}
        </p>
      ) : null}
    </div>
  );
}

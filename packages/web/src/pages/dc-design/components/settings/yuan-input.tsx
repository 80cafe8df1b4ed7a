import { Input } from "antd";
import { useState } from "react";
import { shownYuan, typedFen } from "../../lib/product-items.ts";

const notAmount = (text: string) =>
  typedFen(text, 0) === null ? "请填写正确的金额，最多两位小数，如 39.90" : null;

/**
 * An amount typed in 元 and stored in fen. The text stays as typed ("12." on the way to "12.5") and is stored
 * only once `problem` has nothing to say about it; a change from elsewhere (撤销) replaces it.
 */
export function YuanInput({
  fen,
  blank,
  onFen,
  label,
  placeholder,
  problem = notAmount,
}: {
  fen: number | undefined;
  /** What a blank field stores: 0 for a price (core then says it must be above 0), undefined for 不限. */
  blank: 0 | undefined;
  onFen: (fen: number | undefined) => void;
  label: string;
  placeholder?: string;
  problem?: (text: string) => string | null;
}) {
  const [text, setText] = useState(() => shownYuan(fen));
  const [synced, setSynced] = useState(fen);
  if (fen !== synced) {
    setSynced(fen);
    if (problem(text) !== null || typedFen(text, blank) !== fen) setText(shownYuan(fen));
  }
  const message = problem(text);
  return (
    <>
      <Input
        aria-label={label}
        inputMode="decimal"
        prefix="¥"
        autoComplete="off"
        placeholder={placeholder}
        status={message ? "error" : undefined}
        value={text}
        onChange={(event) => {
          const next = event.target.value;
          setText(next);
          const read = typedFen(next, blank);
          if (problem(next) === null && read !== null) onFen(read);
        }}
      />
      {message ? (
        <ul className="dd-pd-issues" role="alert">
          <li>{message}</li>
        </ul>
      ) : null}
    </>
  );
}

import { useEffect, useState } from "react";

/** A QR code of `text` as an image; the qrcode package downloads only when one is shown. */
export function QrImage({ text, label, className }: { text: string; label: string; className?: string }) {
  const [src, setSrc] = useState("");
  useEffect(() => {
    let live = true;
    void import("qrcode")
      .then(({ toDataURL }) => toDataURL(text, { margin: 1, width: 296 }))
      .then((url) => {
        if (live) setSrc(url);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [text]);
  return src ? (
    <img className={className ?? "wa-bk-qr"} src={src} alt={label} data-testid="booking-qr" />
  ) : (
    <span className={className ?? "wa-bk-qr"} aria-hidden="true" />
  );
}

import { useEffect, useState } from "react";

export type QrState = { status: "loading" } | { status: "ready"; dataUrl: string } | { status: "failed" };

/** The qrcode package is only needed once someone shares, so it loads with the first dialog. */
export async function qrDataUrl(text: string, width: number): Promise<string> {
  const { toDataURL } = await import("qrcode");
  return toDataURL(text, {
    width,
    margin: 2,
    errorCorrectionLevel: "M",
    color: { dark: "#1f2a3d", light: "#ffffff" },
  });
}

export function useQrCode(text: string | null, width = 200): QrState {
  const [state, setState] = useState<QrState>({ status: "loading" });
  useEffect(() => {
    if (!text) return;
    let live = true;
    setState({ status: "loading" });
    qrDataUrl(text, width).then(
      (dataUrl) => live && setState({ status: "ready", dataUrl }),
      () => live && setState({ status: "failed" }),
    );
    return () => {
      live = false;
    };
  }, [text, width]);
  return state;
}

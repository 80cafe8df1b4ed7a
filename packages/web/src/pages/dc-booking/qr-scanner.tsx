import { Alert, Button } from "antd";
import { useEffect, useRef, useState } from "react";

/** The part of the Shape Detection API used here (Chrome on Android, Safari 17+); not in TypeScript's DOM lib. */
interface DetectedBarcode {
  rawValue: string;
}
interface BarcodeDetectorLike {
  detect(source: HTMLVideoElement): Promise<DetectedBarcode[]>;
}
type BarcodeDetectorClass = new (options: { formats: string[] }) => BarcodeDetectorLike;

function detectorClass(): BarcodeDetectorClass | null {
  const candidate = (globalThis as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
  return typeof candidate === "function" ? candidate : null;
}

/** Whether this browser can scan QR codes from the camera (else the page offers the code input only). */
export function canScan(): boolean {
  return detectorClass() !== null && typeof navigator.mediaDevices?.getUserMedia === "function";
}

/** The same code is not reported again for this long (the camera sees it on every frame). */
const REPEAT_MS = 4000;

/**
 * The phone camera looking for QR codes; each new code is handed to `onCode`. Uses the browser's own
 * BarcodeDetector (no library); stops the camera when it unmounts.
 */
export function QrScanner({ onCode }: { onCode: (code: string) => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<"idle" | "running" | "denied">("idle");
  const report = useRef(onCode);
  report.current = onCode;

  useEffect(() => {
    if (state !== "running") return;
    const Detector = detectorClass();
    if (!Detector) return;
    let stream: MediaStream | null = null;
    let timer = 0;
    let stopped = false;
    const last = { code: "", at: 0 };
    const detector = new Detector({ formats: ["qr_code"] });
    const scan = async () => {
      const element = video.current;
      if (stopped || !element) return;
      try {
        const [found] = element.readyState >= 2 ? await detector.detect(element) : [];
        const now = Date.now();
        if (found?.rawValue && (found.rawValue !== last.code || now - last.at > REPEAT_MS)) {
          last.code = found.rawValue;
          last.at = now;
          report.current(found.rawValue);
        }
      } catch {
        // A frame the detector cannot read: try the next one.
      }
      timer = window.setTimeout(() => void scan(), 300);
    };
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: "environment" }, audio: false })
      .then((media) => {
        if (stopped) {
          for (const track of media.getTracks()) track.stop();
          return;
        }
        stream = media;
        if (video.current) {
          video.current.srcObject = media;
          void video.current.play();
        }
        void scan();
      })
      .catch(() => setState("denied"));
    return () => {
      stopped = true;
      window.clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, [state]);

  if (state === "denied")
    return (
      <Alert
        type="warning"
        showIcon
        title="无法使用摄像头"
        description="请在浏览器设置中允许本页使用摄像头，或在下方输入预约凭证签到。"
      />
    );
  return (
    <div className="bk-scan">
      {state === "running" ? (
        <video ref={video} className="bk-scan__video" muted playsInline aria-label="扫码画面" />
      ) : (
        <Button type="primary" size="large" block onClick={() => setState("running")}>
          打开摄像头扫码
        </Button>
      )}
    </div>
  );
}

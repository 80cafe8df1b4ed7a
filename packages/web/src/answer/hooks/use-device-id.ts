import { useEffect, useState } from "react";
import { deviceCookie, resolveDeviceId } from "../lib/ids.ts";

/** The device id: null until local storage has been read after hydration. */
export function useDeviceId(suggested: string): { deviceId: string | null } {
  const [deviceId, setDeviceId] = useState<string | null>(null);
  useEffect(() => {
    let storage: Storage | null = null;
    try {
      storage = localStorage;
    } catch {
      storage = null;
    }
    const id = resolveDeviceId(storage, suggested);
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in WeChat's browser and Safari
    document.cookie = deviceCookie(id);
    setDeviceId(id);
  }, [suggested]);
  return { deviceId };
}

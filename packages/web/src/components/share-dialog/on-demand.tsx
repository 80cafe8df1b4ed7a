import { lazy, Suspense, useEffect, useState } from "react";
import type { ShareDialogProps } from "./index.tsx";

const load = () => import("./index.tsx");
const Dialog = lazy(() => load().then((module) => ({ default: module.ShareDialog })));

/**
 * 分享 for 我的问卷: the dialog and what it brings (the QR code writer, the questionnaire settings' schemas
 * and zod, for the share card) are fetched after the list has painted, when the browser is idle, not before
 * it: the list is the console's first page. A click before then waits for the chunk (no dialog shows until
 * it is in). Once the dialog has been opened it stays mounted, so closing it plays out as before.
 */
export function ShareDialogOnDemand(props: ShareDialogProps) {
  const [wanted, setWanted] = useState(false);
  const open = props.target !== null;
  useEffect(() => {
    if (open) setWanted(true);
  }, [open]);
  useEffect(() => {
    const idle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 1));
    const cancel = window.cancelIdleCallback ?? window.clearTimeout;
    const handle = idle(() => void load());
    return () => cancel(handle);
  }, []);
  if (!wanted && !open) return null;
  return (
    <Suspense fallback={null}>
      <Dialog {...props} />
    </Suspense>
  );
}

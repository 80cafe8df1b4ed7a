import { richTextToPlain } from "@wjgj/core";
import { ShareDialog } from "../../../components/share-dialog/index.tsx";
import { usePublish } from "../hooks/use-publish.ts";
import { uiActions } from "../store/ui-store.ts";
import { useEditor } from "../store/use-editor.ts";

/** 分享 from the designer: the shared dialog, with 立即发布 for a draft. */
export function ShareLinkDialog() {
  const meta = useEditor((state) => state.meta);
  const title = useEditor((state) => state.draft?.title ?? "");
  const { publish, publishing } = usePublish();
  return (
    <ShareDialog
      target={
        meta
          ? {
              id: meta.id,
              publicId: meta.publicId,
              title: richTextToPlain(title),
              status: meta.status,
              kind: meta.kind,
            }
          : null
      }
      onClose={() => uiActions().closeDialog()}
      onPublish={() => void publish()}
      publishing={publishing}
    />
  );
}

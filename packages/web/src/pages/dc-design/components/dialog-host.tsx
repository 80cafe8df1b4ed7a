import { Modal } from "antd";
import { SaveAsTemplateDialog } from "../../../components/save-as-template/index.tsx";
import { useKindNoun } from "../hooks/use-kind-noun.ts";
import { uiActions, useUi } from "../store/ui-store.ts";
import { BankPickDialog } from "./bank-pick-dialog.tsx";
import { BatchAddDialog } from "./canvas/batch-add-dialog.tsx";
import { ComputedDialog } from "./logic/computed-dialog.tsx";
import { JumpLogicDialog } from "./logic/jump-logic-dialog.tsx";
import { SelectConnectDialog } from "./logic/select-connect-dialog.tsx";
import { SelectJoinDialog } from "./logic/select-join-dialog.tsx";
import { ShowLogicDialog } from "./logic/show-logic-dialog.tsx";
import { ShareLinkDialog } from "./share-link-dialog.tsx";

/** Renders the one open dialog; dialogs mount fresh each time, so they start from the current draft. */
export function DialogHost() {
  const dialog = useUi((state) => state.dialog);
  const noun = useKindNoun();
  if (!dialog) return null;
  switch (dialog.kind) {
    case "batchAdd":
      return <BatchAddDialog questionId={dialog.questionId} listKey={dialog.listKey} />;
    case "showLogic":
      return <ShowLogicDialog questionId={dialog.questionId} />;
    case "jumpLogic":
      return <JumpLogicDialog questionId={dialog.questionId} />;
    case "selectConnect":
      return <SelectConnectDialog questionId={dialog.questionId} />;
    case "selectJoin":
      return <SelectJoinDialog questionId={dialog.questionId} />;
    case "computed":
      return <ComputedDialog />;
    case "bankPick":
      return <BankPickDialog />;
    case "share":
      return <ShareLinkDialog />;
    case "saveAsTemplate":
      return <SaveAsTemplateDialog source={dialog.source} onClose={() => uiActions().closeDialog()} />;
    case "publishErrors":
      return (
        <Modal
          open
          title={`${noun}还有问题，暂不能发布`}
          okText="去修改"
          cancelButtonProps={{ style: { display: "none" } }}
          onOk={() => {
            uiActions().setSideTab("problems");
            uiActions().closeDialog();
          }}
          onCancel={() => uiActions().closeDialog()}
        >
          <ul className="dd-publish-errors" data-testid="publish-errors">
            {dialog.messages.map((text) => (
              <li key={text}>{text}</li>
            ))}
          </ul>
        </Modal>
      );
  }
}

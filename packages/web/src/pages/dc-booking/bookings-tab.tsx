import { Card } from "antd";
import { useAccess } from "../../components/permitted.tsx";
import { useResults } from "../dc-result/hooks/results-context.ts";
import { BookingsBoard } from "./bookings-board.tsx";

/** 预约管理 on the results page: shown only for questionnaires with a 预约 question. */
export function BookingsTab() {
  const { id } = useResults();
  const access = useAccess();
  return (
    <div className="wj-result__stack" data-testid="bookings-tab">
      <Card title="预约管理">
        <BookingsBoard id={id} canManage={access.may("manageResponses")} />
      </Card>
    </div>
  );
}

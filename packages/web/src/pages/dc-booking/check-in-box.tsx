import { Alert, Button, Input, Space } from "antd";
import { type ReactNode, useState } from "react";
import { useCheckIn } from "../../api/bookings.ts";
import { ApiError } from "../../api/errors.ts";
import { normaliseCode } from "./booking-range.ts";

export type CheckInOutcome = { type: "success" | "info" | "error"; text: string };

/** Checks a code in and says how it went (签到成功, 已签到 with the first time, or the server's reason). */
export function useCheckInCode(id: number) {
  const checkIn = useCheckIn(id);
  const [outcome, setOutcome] = useState<CheckInOutcome | null>(null);
  const submit = async (raw: string): Promise<boolean> => {
    const code = normaliseCode(raw);
    if (code.length < 4) {
      setOutcome({ type: "error", text: "请输入完整的预约凭证" });
      return false;
    }
    try {
      const result = await checkIn.mutateAsync(code);
      setOutcome({
        type: result.alreadyCheckedIn ? "info" : "success",
        text: `${result.message}：${result.booking.label}`,
      });
      return true;
    } catch (error) {
      setOutcome({
        type: "error",
        text: error instanceof ApiError ? error.message : "签到失败，请检查网络后重试",
      });
      return false;
    }
  };
  return { submit, outcome, pending: checkIn.isPending };
}

/** 签到: type the code from the respondent's confirmation (or scan it on the phone page). */
export function CheckInBox({ id, extra }: { id: number; extra?: ReactNode }) {
  const [code, setCode] = useState("");
  const { submit, outcome, pending } = useCheckInCode(id);
  const handleSubmit = async () => {
    if (await submit(code)) setCode("");
  };
  return (
    <div className="bk-checkin" data-testid="booking-check-in">
      <Space.Compact style={{ width: "100%", maxWidth: 420 }}>
        <Input
          aria-label="预约凭证"
          placeholder="输入预约凭证签到"
          value={code}
          maxLength={40}
          onChange={(event) => setCode(event.target.value)}
          onPressEnter={() => void handleSubmit()}
        />
        <Button type="primary" loading={pending} onClick={() => void handleSubmit()}>
          签到
        </Button>
      </Space.Compact>
      {extra}
      {outcome ? (
        <Alert className="bk-checkin__outcome" type={outcome.type} showIcon title={outcome.text} />
      ) : null}
    </div>
  );
}

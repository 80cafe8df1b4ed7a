import { Alert, Result, Spin } from "antd";
import { Link, useSearchParams } from "react-router";
import { isMissingQuestionnaire } from "../../api/errors.ts";
import { useQuestionaryDetail } from "../../api/questionary.ts";
import { accessOf } from "../../components/permitted.tsx";
import { CheckInBox, useCheckInCode } from "./check-in-box.tsx";
import { canScan, QrScanner } from "./qr-scanner.tsx";
import "./dc-booking.css";

/** The camera and what the last scan did. */
function Scanner({ id }: { id: number }) {
  const { submit, outcome } = useCheckInCode(id);
  return (
    <>
      <QrScanner onCode={(code) => void submit(code)} />
      {outcome ? (
        <Alert
          className="bk-checkin__outcome"
          type={outcome.type}
          showIcon
          title={outcome.text}
          data-testid="scan-outcome"
        />
      ) : null}
    </>
  );
}

/**
 * /bookingCheckIn?id=…: 扫码签到 on a phone at the door (issue #41). The camera scans the QR code of the
 * respondent's confirmation where the browser has BarcodeDetector; the code can always be typed.
 */
export function BookingCheckInPage() {
  const [params] = useSearchParams();
  const id = Number(params.get("id"));
  const valid = Number.isInteger(id) && id > 0;
  const detail = useQuestionaryDetail(valid ? id : null, { quietForbidden: true });
  // Gone or someone else's: 问卷不存在 here too, as on every creator screen (QuestionnaireScreen).
  if (!valid || isMissingQuestionnaire(detail.error))
    return <Result status="404" title="问卷不存在" subTitle="链接可能有误。" />;
  if (detail.isPending) return <Spin className="bk-page__spin" />;
  if (detail.error || !detail.data)
    return <Result status="error" title="问卷加载失败" subTitle={detail.error?.message} />;
  const denied = accessOf(detail.data).reason("manageResponses");
  if (denied) return <Result status="403" title="没有签到权限" subTitle={denied} />;
  return (
    <main className="bk-page" data-testid="booking-check-in-page">
      <h1>预约签到</h1>
      <p className="bk-page__title">{detail.data.title}</p>
      {canScan() ? (
        <Scanner id={id} />
      ) : (
        <Alert type="info" showIcon title="当前浏览器不支持扫码，请输入预约凭证签到" />
      )}
      <h2>输入预约凭证</h2>
      <CheckInBox id={id} />
      <p>
        <Link to={`/dc/result?id=${id}&tab=bookings`}>返回预约管理</Link>
      </p>
    </main>
  );
}

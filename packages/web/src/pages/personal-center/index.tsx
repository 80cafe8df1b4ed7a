import { useSearchParams } from "react-router";
import { ConsumptionPanel } from "./components/consumption-panel.tsx";
import { ResumePayment } from "./components/resume-payment.tsx";
import { WalletPanel } from "./components/wallet-panel.tsx";
import { ProfilePage } from "./profile/index.tsx";
import "./personal-center.css";

/** /dc/personalCenter (type 1 = profile, 2 = wallet) and /dc/personalCenter/personalDetail (type 3), seed §2. */
export function PersonalCenterPage() {
  const [params] = useSearchParams();
  const type = params.get("type");
  const page = type === "2" ? <WalletPanel /> : type === "3" ? <ConsumptionPanel /> : <ProfilePage />;
  return (
    <>
      {page}
      <ResumePayment />
    </>
  );
}

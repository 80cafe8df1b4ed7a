import { RecordScreen } from "./components/record-screen.tsx";
import {
  bannerScreen,
  helpArticleScreen,
  helpCategoryScreen,
  labelScreen,
  menuScreen,
  newsScreen,
} from "./configs/content.tsx";
import { hdScreen } from "./configs/hd.tsx";
import { orderScreen } from "./configs/orders.tsx";
import { sampleOrderScreen } from "./configs/sample-orders.tsx";
import { auditScreen, friendLinkScreen, leadScreen, smsScreen, vipScreen } from "./configs/site.tsx";
import { spacePostScreen } from "./configs/space-posts.tsx";
import { surveyScreen } from "./configs/survey.tsx";
import { invoiceScreen, withdrawalScreen } from "./configs/withdrawals.tsx";
import "./dw-records.css";

/** The console's list (+form) screens, one per route of /dw/ (layouts/admin-layout/routes.tsx). */
export const DwSurveyPage = () => <RecordScreen config={surveyScreen} />;
export const DwNewsPage = () => <RecordScreen config={newsScreen} />;
export const DwLabelsPage = () => <RecordScreen config={labelScreen} />;
export const DwHdPage = () => <RecordScreen config={hdScreen} />;
export const DwHelpCategoriesPage = () => <RecordScreen config={helpCategoryScreen} />;
export const DwHelpArticlesPage = () => <RecordScreen config={helpArticleScreen} />;
export const DwBannersPage = () => <RecordScreen config={bannerScreen} />;
export const DwMenusPage = () => <RecordScreen config={menuScreen} />;
export const DwFriendLinksPage = () => <RecordScreen config={friendLinkScreen} />;
export const DwVipPage = () => <RecordScreen config={vipScreen} />;
export const DwSmsPage = () => <RecordScreen config={smsScreen} />;
export const DwLeadsPage = () => <RecordScreen config={leadScreen} />;
export const DwAuditPage = () => <RecordScreen config={auditScreen} />;
export const DwOrdersPage = () => <RecordScreen config={orderScreen} />;
export const DwWithdrawalsPage = () => <RecordScreen config={withdrawalScreen} />;
export const DwInvoicesPage = () => <RecordScreen config={invoiceScreen} />;
export const DwSampleOrdersPage = () => <RecordScreen config={sampleOrderScreen} />;
export const DwSpacePostsPage = () => <RecordScreen config={spacePostScreen} />;

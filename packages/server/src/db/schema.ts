import type { AnalysisWeightingsTable } from "./tables/analysis-weightings.ts";
import type { SpaceEarningsTable, SpacePostsTable } from "./tables/answer-space.ts";
import type { ApiCallsTable, ApiKeysTable, ApiKeyUsageTable } from "./tables/api-keys.ts";
import type { BookingSlotsTable, BookingsTable } from "./tables/bookings.ts";
import type { CampaignPagesTable } from "./tables/campaign-pages.ts";
import type { DesignerPresenceTable } from "./tables/designer-presence.ts";
import type { ExamAttemptsTable, ExamCandidatesTable, ExamEventsTable } from "./tables/exam-integrity.ts";
import type { ExamPapersTable, ExamPaperTagsTable, ExamRescoresTable } from "./tables/exam-papers.ts";
import type { ExportJobsTable } from "./tables/export-jobs.ts";
import type { ExternalAccountsTable } from "./tables/external-accounts.ts";
import type {
  FormOrderRefundsTable,
  FormOrdersTable,
  ProductBuyerCountsTable,
  ProductStockTable,
} from "./tables/form-orders.ts";
import type { JobsTable } from "./tables/jobs.ts";
import type { LoginAttemptsTable } from "./tables/login-attempts.ts";
import type { LoginCaptchasTable } from "./tables/login-captchas.ts";
import type {
  InvoicesTable,
  LedgerAccountsTable,
  LedgerHoldsTable,
  LedgerTransfersTable,
  OrdersTable,
  PaymentNotificationsTable,
  WithdrawalsTable,
} from "./tables/money.ts";
import type { NotificationsTable } from "./tables/notifications.ts";
import type { OtherLoginUsesTable } from "./tables/other-login-uses.ts";
import type { PhoneCodesTable } from "./tables/phone-codes.ts";
import type { PracticeProgressTable } from "./tables/practice-progress.ts";
import type {
  BankPracticeProgressTable,
  BankQuestionsTable,
  QuestionBanksTable,
} from "./tables/question-banks.ts";
import type { QuestionnaireRevisionsTable, QuestionnairesTable } from "./tables/questionnaires.ts";
import type { ReportPinsTable } from "./tables/report-pins.ts";
import type { ReportSharesTable } from "./tables/report-shares.ts";
import type {
  ResponseFactKeysTable,
  ResponseFactsTable,
  ResponseGradesTable,
} from "./tables/response-facts.ts";
import type {
  DataKeysTable,
  ErasureRequestsTable,
  KeyRotationsTable,
  PrivacyConsentVersionsTable,
  ResponseCounterShardsTable,
  ResponseCountersTable,
  ResponsesTable,
  ResponseUniquesTable,
  RetentionRunsTable,
} from "./tables/responses.ts";
import type {
  PrizeCodesTable,
  PrizeDrawsTable,
  PrizeSetsTable,
  PrizesTable,
  RedPacketClaimsTable,
  RedPacketPayoutsTable,
  RedPacketsTable,
} from "./tables/rewards.ts";
import type { SampleOrdersTable } from "./tables/sample-orders.ts";
import type { ServerSecretsTable } from "./tables/server-secrets.ts";
import type { SessionsTable } from "./tables/sessions.ts";
import type { SettingsTable } from "./tables/settings.ts";
import type {
  AuditLogsTable,
  BannersTable,
  FriendLinksTable,
  HelpArticlesTable,
  HelpCategoriesTable,
  LabelsTable,
  LeadsTable,
  NavEntriesTable,
  NewsTable,
  VipSetsTable,
} from "./tables/site-content.ts";
import type { SmsOutboxTable } from "./tables/sms-outbox.ts";
import type { StartRemindersTable } from "./tables/start-reminders.ts";
import type { TeamActivityTable, TeamInvitesTable, TeamMembersTable } from "./tables/teams.ts";
import type { TemplateProfessionsTable, TemplatesTable } from "./tables/templates.ts";
import type { TextCodeKeywordsTable, TextCodesTable, TextCodeTagsTable } from "./tables/text-codes.ts";
import type { TextDictionariesTable } from "./tables/text-dictionaries.ts";
import type { UploadsTable } from "./tables/uploads.ts";
import type { UsersTable } from "./tables/users.ts";
import type { WebhookDeliveriesTable, WebhooksTable } from "./tables/webhooks.ts";
import type { WechatBindingsTable, WechatCacheTable, WechatOauthStatesTable } from "./tables/wechat.ts";
import type { WechatLoginTicketsTable } from "./tables/wechat-login-tickets.ts";

/** The whole schema as Kysely sees it (camelCase here, snake_case in SQL through CamelCasePlugin). */
export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  api_keys: ApiKeysTable;
  api_key_usage: ApiKeyUsageTable;
  api_calls: ApiCallsTable;
  webhooks: WebhooksTable;
  webhook_deliveries: WebhookDeliveriesTable;
  wechat_oauth_states: WechatOauthStatesTable;
  wechat_bindings: WechatBindingsTable;
  wechat_cache: WechatCacheTable;
  wechat_login_tickets: WechatLoginTicketsTable;
  exam_candidates: ExamCandidatesTable;
  exam_attempts: ExamAttemptsTable;
  exam_events: ExamEventsTable;
  booking_slots: BookingSlotsTable;
  bookings: BookingsTable;
  phone_codes: PhoneCodesTable;
  sms_outbox: SmsOutboxTable;
  login_attempts: LoginAttemptsTable;
  login_captchas: LoginCaptchasTable;
  external_accounts: ExternalAccountsTable;
  other_login_uses: OtherLoginUsesTable;
  settings: SettingsTable;
  labels: LabelsTable;
  news: NewsTable;
  help_categories: HelpCategoriesTable;
  help_articles: HelpArticlesTable;
  banners: BannersTable;
  nav_entries: NavEntriesTable;
  friend_links: FriendLinksTable;
  leads: LeadsTable;
  vip_sets: VipSetsTable;
  audit_logs: AuditLogsTable;
  questionnaires: QuestionnairesTable;
  questionnaire_revisions: QuestionnaireRevisionsTable;
  responses: ResponsesTable;
  response_counters: ResponseCountersTable;
  response_counter_shards: ResponseCounterShardsTable;
  response_uniques: ResponseUniquesTable;
  response_facts: ResponseFactsTable;
  response_fact_keys: ResponseFactKeysTable;
  /** A view: `response_facts` and the unpacked `response_fact_keys` (migration 0255). Read only. */
  response_facts_all: ResponseFactsTable;
  response_grades: ResponseGradesTable;
  uploads: UploadsTable;
  export_jobs: ExportJobsTable;
  jobs: JobsTable;
  server_secrets: ServerSecretsTable;
  templates: TemplatesTable;
  template_professions: TemplateProfessionsTable;
  team_members: TeamMembersTable;
  team_invites: TeamInvitesTable;
  team_activity: TeamActivityTable;
  notifications: NotificationsTable;
  designer_presence: DesignerPresenceTable;
  ledger_accounts: LedgerAccountsTable;
  ledger_transfers: LedgerTransfersTable;
  ledger_holds: LedgerHoldsTable;
  start_reminders: StartRemindersTable;
  practice_progress: PracticeProgressTable;
  question_banks: QuestionBanksTable;
  bank_practice_progress: BankPracticeProgressTable;
  bank_questions: BankQuestionsTable;
  exam_papers: ExamPapersTable;
  exam_paper_tags: ExamPaperTagsTable;
  exam_rescores: ExamRescoresTable;
  campaign_pages: CampaignPagesTable;
  orders: OrdersTable;
  payment_notifications: PaymentNotificationsTable;
  prize_sets: PrizeSetsTable;
  prizes: PrizesTable;
  prize_draws: PrizeDrawsTable;
  prize_codes: PrizeCodesTable;
  red_packets: RedPacketsTable;
  red_packet_claims: RedPacketClaimsTable;
  red_packet_payouts: RedPacketPayoutsTable;
  withdrawals: WithdrawalsTable;
  invoices: InvoicesTable;
  space_posts: SpacePostsTable;
  space_earnings: SpaceEarningsTable;
  sample_orders: SampleOrdersTable;
  product_stock: ProductStockTable;
  product_buyer_counts: ProductBuyerCountsTable;
  form_orders: FormOrdersTable;
  form_order_refunds: FormOrderRefundsTable;
  analysis_weightings: AnalysisWeightingsTable;
  text_dictionaries: TextDictionariesTable;
  text_codes: TextCodesTable;
  report_shares: ReportSharesTable;
  report_pins: ReportPinsTable;
  text_code_tags: TextCodeTagsTable;
  text_code_keywords: TextCodeKeywordsTable;
  privacy_consent_versions: PrivacyConsentVersionsTable;
  retention_runs: RetentionRunsTable;
  data_keys: DataKeysTable;
  erasure_requests: ErasureRequestsTable;
  key_rotations: KeyRotationsTable;
}

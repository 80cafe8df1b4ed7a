/** What the booking commands answer with (server errors), keyed like the shared catalogue. Apart from bookings.ts: no zod here (see messages.ts). */
export const bookingMessages = {
  bookingSlotFull: "该时段已约满，请选择其他时段",
  bookingSlotClosed: "该时段已关闭预约，请选择其他时段",
  bookingSlotUnknown: "该时段不在预约时间表中，请刷新后重新选择",
  bookingCutoffPassed: "已过预约截止时间",
  bookingPerPersonLimit: "您的预约次数已达上限，如需改约请先取消已有预约",
  bookingNotFound: "没有找到该预约，请核对预约凭证",
  bookingCancelled: "该预约已取消",
  bookingChanged: "该预约刚刚已被修改，请刷新后再试",
  bookingSameSlot: "新时段与原时段相同",
  bookingAlreadyCheckedIn: "该预约已签到",
  bookingQuestionNotFound: "没有找到该预约题，请刷新页面后重试",
  bookingRangeTooLong: "一次最多查看 62 天的时段",
  bookingRangeInvalid: "日期格式应为 YYYY-MM-DD，且结束日期不能早于开始日期",
  bookingCodeInvalid: "预约凭证格式不正确，请核对后重新输入",
} as const;

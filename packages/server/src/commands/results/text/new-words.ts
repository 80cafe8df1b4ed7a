/**
 * Words newer than jieba's dictionary (compiled from text of 2013 and before) that open answers use all the
 * time — apps, online shopping, delivery, work and school since — loaded into the shared instance so that 卡顿
 * and 闪退 count as words and not as 卡/顿. General vocabulary only: a questionnaire's products and jargon go in
 * its own dictionary.
 */
export const NEW_WORDS = `
卡顿 闪退 黑屏 白屏 花屏 掉线 断网 网速 加载 刷新 弹窗 推送 通知栏 扫码 二维码 小程序 公众号 朋友圈 微信群 视频号
直播间 短视频 带货 网购 网店 外卖 快递 快递员 快递柜 驿站 骑手 配送费 包邮 运费险 退款 退货 换货 售后 客服 人工客服
智能客服 差评 好评 点赞 打卡 签到 积分 会员 会员卡 优惠券 满减 秒杀 拼单 拼团 下单 付款 扫码付 刷脸 人脸识别 验证码
登录 注册 账号 绑定 解绑 实名认证 手机号 充电宝 共享单车 网约车 打车 导航 定位 地图 安卓 苹果手机 平板 蓝牙 耳机
内存 存储空间 流量 套餐 话费 宽带 WiFi 热点 云盘 同步 备份 更新 升级 版本 新版本 旧版本 界面 页面 首页 按钮 入口
菜单 搜索框 字体 夜间模式 深色模式 广告 开屏广告 自动续费 免密支付 订阅 会员费 内卷 躺平 摸鱼 画饼 团建 调休 年假
入职 带教 内推 居家办公 远程办公 线上办公 双休 单休 大小周 加班费 五险一金 公积金 社保 绩效 考核 晋升 涨薪 降薪 裁员 转正 试用期 实习生 通勤 班车 工位
食堂 餐补 房补 交通补贴 网课 直播课 录播课 课件 刷题 题库 打卡群 家长群 作业 课后服务 双减 研学 挂号 预约挂号
线上问诊 核酸 健康码 行程码 医保 电子医保 电子发票 开发票 一网通办 政务服务 办事大厅 窗口 跑腿 小哥 性价比 颜值
体验感 获得感 仪式感 安全感 满意度 好评率 网红 客诉 掉帧 闪充 回购 种草 拔草 踩雷 避雷 翻车 吐槽 点评 测评
`
  .split(/\s+/)
  .filter((word) => word !== "");

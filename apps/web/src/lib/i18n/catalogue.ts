import { DEFAULT_TOAST_TITLES } from '@yanzhi/contract';

/**
 * The texts of the first screen and of app-wide code, Chinese first (the spec's texts) and
 * English beside it; texts only other pages show live in their chunks (lib/i18n/page-texts,
 * ADR 0014). A unit test fails when a key is missing or empty in either language, or the
 * placeholders differ, here or in a page's table.
 * Placeholders are written {name}. A key with a `.one` sibling takes it when its {count} is 1
 * (English nouns agree; the Chinese text is the same).
 */
export const zhCN = {
  'app.name': '颜值竞技场',
  'app.skipToContent': '跳到主要内容',
  'app.loading': '加载中…',

  'title.home': '谁更好看 - 看看你的颜值能打几分',
  'title.arena': '颜值竞技场',
  'title.profile': '个人中心',
  'title.leaderboard': '排行榜',
  'title.upload': '上传照片',
  'title.onboarding': '新手引导',
  'title.notFound': '页面不存在 - 颜值竞技场',
  'title.moderation': '举报审核 - 颜值竞技场',
  'title.photo': '照片 - 颜值竞技场',

  'nav.label': '主导航',
  'nav.arena': '竞技场',
  'nav.leaderboard': '排行榜',
  'nav.upload': '上传',
  'nav.profile': '我的',
  'nav.newsBadge': '{count} 条新动态',
  'nav.newsBadge.one': '{count} 条新动态',

  'common.retry': '重试',
  'common.close': '关闭',
  'common.backHome': '返回首页',

  'language.label': '语言',
  'language.zh-CN': '中文',
  'language.en': 'English',

  'toast.region': '通知',
  'toast.errorRegion': '错误通知',
  'toast.title.success': DEFAULT_TOAST_TITLES.success,
  'toast.title.error': DEFAULT_TOAST_TITLES.error,
  'toast.title.info': DEFAULT_TOAST_TITLES.info,
  'toast.title.warning': DEFAULT_TOAST_TITLES.warning,
  'toast.score.up': '分数上涨',
  'toast.score.down': '分数下降',
  'toast.fuel.title': '燃料奖励',
  'toast.fuel.message': '+{count} 燃料',
  'toast.welcomeBack': '欢迎回来，{nickname}',
  'session.ended.refused': '登录已失效，你可以继续以游客身份使用',
  'session.ended.host': '登录已过期，请从客户端重新打开本页面',
  'session.ended.banned': '该账号已被封禁，已退出登录',

  'photo.delete.notLoggedIn': '用户未登录，无法删除照片',
  'photo.delete.failed': '删除失败',
  'photo.delete.error': '删除照片失败',
  'photo.delete.success': '照片删除成功',

  'error.title': '加载失败',
  'error.notAvailableTitle': '即将开放',
  'error.network': '网络连接失败，请检查网络后重试',
  'error.timeout': '请求超时，请稍后重试',
  'error.server': '服务器响应异常，请稍后重试',
  'error.unknown': '出了点问题，请稍后重试',

  'category.label': '分类',
  'category.loadError': '分类加载失败',
  'category.empty': '暂无分类',
  'category.more': '更多分类',

  'fuel.label': '燃料 {count}',

  'arena.heading': '谁更好看？',
  'arena.hint':
    '点击你觉得更好看的一张，也可以按 1 / 2 或 ← / → 选择，按 S 跳过；长按照片可查看大图',
  'arena.keys': '按 1 / 2 或 ← / → 投票，按 S 跳过',
  'arena.profileLink': '个人中心',
  'arena.onboardingLink': '玩法说明',
  'arena.stageLabel': '对决区',
  'arena.pairLabel': '本轮对决',
  'arena.choosePhoto': '选择照片 {n}',
  'arena.reportPhoto': '举报照片 {n}',
  'arena.vs': 'VS',
  'arena.skip': '跳过',
  'arena.pairLoading': '正在准备下一组照片…',
  'arena.announce': '你选了照片 {n}：{score} 分，{change}',
  'arena.provisional': '定级中',
  'arena.provisionalRange': '定级中 {low}–{high}',
  'arena.unlocked': '你的颜值分已解锁',
  'arena.unlockedNoAccount': '颜值分已解锁：传张照片看看几分',
  'arena.unlockedWithAccount': '颜值分已解锁，去「我的」看看',
  'arena.unlockDoneUpload': '上传照片，看看你的颜值分',
  'arena.unlockDoneProfile': '去「我的」看你的颜值分',
  'arena.emptyTitle': '这个分类暂时没有新的对决了',
  'arena.emptyText': '换个分类看看，或者上传你的照片参与比拼',
  'arena.emptyUpload': '上传照片',
  'arena.emptySwitch': '换个分类',
  'arena.loadError': '照片加载失败',

  'unlock.label': '解锁进度',
  'unlock.remaining': '再投 {count} 票解锁你的颜值分',
  'unlock.remainingOne': '再投 1 票解锁你的颜值分',
  'unlock.done': '你的颜值分已解锁',

  'share.share': '分享',

  'notFound.heading': '页面不存在',
  'notFound.text': '你要找的页面不见了，可能已被移动或删除。',

  'common.cancel': '取消',
  'photo.provisional': '定级中',
  'profile.signingOut': '正在退出…',
  'profile.signedOut': '已退出登录',
  'photo.comparisons': '{count} 场对决',
  'photo.comparisons.one': '{count} 场对决',

  // Offline and the vote queue (ADR 0015).
  'offline.title': '你已离线',
  'offline.bannerTitle': '离线中',
  'offline.bannerText': '已打开的内容仍可查看，新内容需要联网',
  'offline.bannerQueued': '{count} 票已保存，联网后自动发送',
  'offline.sending': '正在发送 {count} 张离线投票…',
  'offline.queued': '{count} 票已保存，联网后自动发送',
  'offline.arenaText': '新的对决需要联网，恢复网络后会自动继续',
  'offline.voteQueued': '已离线保存这一票，联网后自动发送',
  'offline.votesSent': '{count} 张离线投票已发送',
  'offline.voteRefused': '一张离线投票未被计入：{reason}',
} as const satisfies Record<string, string>;

export type MessageKey = keyof typeof zhCN;

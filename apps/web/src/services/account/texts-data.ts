/**
 * The texts of keeping an account (passkeys, recovery codes, signing in and out, ADR 0026), as
 * plain data importing nothing: texts.ts reads them for the app, the browser tests for
 * their expectations. They live in the chunks of the pages that show them rather than in the
 * catalogue every visitor's first screen downloads (ADR 0014), as the moderators' texts do. A
 * key with a `.one` sibling takes it when its {count} is 1.
 */
const ZH = {
  'account.heading': '保存我的账号',
  'account.intro':
    '保存通行密钥或恢复码后，换手机、清除浏览数据或退出登录，都能回到这个账号，继续管理和删除你的照片。',
  'account.noWayBack': '这个账号还没有保存任何登录方式，退出登录或清除数据后将无法找回。',
  'account.hostLinked': '这个账号来自应用，从应用打开时会自动登录。',
  'account.passkeys': '通行密钥',
  'account.passkeysNone': '还没有保存通行密钥',
  'account.passkeySavedOn': '保存于 {date}',
  'account.passkeyUsedOn': '上次使用 {date}',
  'account.passkeyNeverUsed': '尚未用于登录',
  'account.removePasskey': '移除',
  'account.removePasskeyLabel': '移除通行密钥“{name}”',
  'account.removeTitle': '移除这个通行密钥？',
  'account.removeText': '移除后，“{name}”将不能再登录这个账号。',
  'account.removeLast': '这是这个账号唯一的登录方式。移除前请先生成恢复码，否则将无法再登录。',
  'account.removeConfirm': '确认移除',
  'account.removing': '移除中…',
  'account.removed': '通行密钥已移除',
  'account.savePasskey': '保存通行密钥',
  'account.savingPasskey': '正在保存通行密钥…',
  'account.passkeySavedToast': '通行密钥已保存，下次可以用它登录',
  'account.passkeyUnsupported':
    '这个浏览器不能使用通行密钥（应用内置的浏览器常常如此），请使用恢复码。',
  'account.passkeyAlready': '这台设备已经为这个账号保存过通行密钥',
  'account.passkeyFailed': '通行密钥没有保存成功，请稍后重试',
  'account.passkeyName': '{device} 上的 {browser}',
  'account.passkeyNameDefault': '这台设备',
  'account.wechat': '微信',
  'account.recovery': '恢复码',
  'account.recoveryNone': '还没有恢复码',
  'account.recoveryMade': '当前恢复码生成于 {date}',
  'account.createCode': '生成恢复码',
  'account.replaceCode': '换一个恢复码',
  'account.creatingCode': '正在生成…',

  'recoveryCode.title': '你的恢复码',
  'recoveryCode.titleAfterSignIn': '登录成功，这是你的新恢复码',
  'recoveryCode.usedGone': '刚才使用的恢复码已经失效。',
  'recoveryCode.warning':
    '恢复码只显示这一次，并会替换之前的恢复码。请现在保存好：换手机或退出登录后，用它登录这个账号。',
  'recoveryCode.copy': '复制',
  'recoveryCode.copied': '已复制恢复码',
  'recoveryCode.copyFailed': '无法自动复制，请手动抄下恢复码',
  'recoveryCode.saveText': '存为文本',
  'recoveryCode.savedText': '已下载文本文件',
  'recoveryCode.saveImage': '存为图片',
  'recoveryCode.savedImage': '已下载图片',
  'recoveryCode.imageFailed': '无法生成图片，请复制或存为文本',
  'recoveryCode.done': '我已保存',
  'recoveryCode.fileTitle': '颜值竞技场 恢复码',
  'recoveryCode.fileHint':
    '在“我的”页面点“登录”，输入这个恢复码即可找回账号。每个恢复码只能用一次。',

  'signIn.button': '登录',
  'signIn.guestTitle': '已有账号？',
  'signIn.guestText': '用保存过的通行密钥或恢复码登录，找回并管理你的照片。',
  'signIn.title': '登录已有账号',
  'signIn.text': '用你保存过的通行密钥或恢复码登录，你在这台设备上的投票和燃料会一并带入账号。',
  'signIn.passkey': '用通行密钥登录',
  'signIn.passkeyBusy': '正在验证通行密钥…',
  'signIn.passkeyUnsupported': '这个浏览器不能使用通行密钥，请使用恢复码登录。',
  'signIn.passkeyFailed': '通行密钥验证没有完成，请重试',
  'signIn.codeLabel': '恢复码',
  'signIn.codeHint': '24 位字母和数字，不区分大小写，空格和短横线可以省略',
  'signIn.codeEmpty': '请输入恢复码',
  'signIn.code': '使用恢复码登录',
  'signIn.codeBusy': '登录中…',

  'saveOffer.title': '保存你的账号',
  'saveOffer.text':
    '你的照片保存在这台设备的账号里。保存通行密钥或恢复码，换手机或清除数据后也能找回它，随时可以删除。',
  'saveOffer.later': '以后再说',
  'saveOffer.saved': '已保存，可以在“我的”页面管理',

  'signOut.title': '退出登录？',
  'signOut.comeBack': '退出后，可以这样回到这个账号：',
  'signOut.viaPasskey': '用通行密钥登录（已保存 {count} 个）',
  'signOut.viaPasskey.one': '用你保存的通行密钥登录',
  'signOut.viaCode': '使用恢复码登录',
  'signOut.viaHost': '从应用重新打开',
  'signOut.stranded':
    '这个账号还没有保存通行密钥或恢复码。退出后你将无法再登录，也无法再管理或删除你的 {count} 张照片。',
  'signOut.stranded.one':
    '这个账号还没有保存通行密钥或恢复码。退出后你将无法再登录，也无法再管理或删除你的照片。',
  'signOut.saveFirst': '先保存一种登录方式，再退出：',
  'signOut.noWay': '这个账号还没有保存登录方式，退出后将无法再登录。',
  'signOut.unknown': '暂时无法确认这个账号能否再登录。',
  'signOut.confirm': '退出登录',
  'signOut.anyway': '仍然退出',
} as const;

export type AccountTextKey = keyof typeof ZH;

const EN: Readonly<Record<AccountTextKey, string>> = {
  'account.heading': 'Keep my account',
  'account.intro':
    'With a passkey or a recovery code you can come back to this account after changing phones, clearing browsing data or signing out, and keep managing or deleting your photos.',
  'account.noWayBack':
    'This account has no way to sign back in yet: signing out or clearing data would lose it.',
  'account.hostLinked': 'This account comes from the app: opening from the app signs you in.',
  'account.passkeys': 'Passkeys',
  'account.passkeysNone': 'No passkey saved yet',
  'account.passkeySavedOn': 'Saved {date}',
  'account.passkeyUsedOn': 'last used {date}',
  'account.passkeyNeverUsed': 'not used to sign in yet',
  'account.removePasskey': 'Remove',
  'account.removePasskeyLabel': 'Remove passkey “{name}”',
  'account.removeTitle': 'Remove this passkey?',
  'account.removeText': 'Once removed, “{name}” can no longer sign in to this account.',
  'account.removeLast':
    'This is the only way back into this account. Make a recovery code first, or you will not be able to sign in again.',
  'account.removeConfirm': 'Remove',
  'account.removing': 'Removing…',
  'account.removed': 'Passkey removed',
  'account.savePasskey': 'Save a passkey',
  'account.savingPasskey': 'Saving the passkey…',
  'account.passkeySavedToast': 'Passkey saved: use it to sign in next time',
  'account.passkeyUnsupported':
    'This browser cannot use passkeys (often the case in apps’ built-in browsers): use a recovery code.',
  'account.passkeyAlready': 'This device already has a passkey for this account',
  'account.passkeyFailed': 'The passkey was not saved, please try again',
  'account.passkeyName': '{browser} on {device}',
  'account.passkeyNameDefault': 'This device',
  'account.wechat': 'WeChat',
  'account.recovery': 'Recovery code',
  'account.recoveryNone': 'No recovery code yet',
  'account.recoveryMade': 'Current code made {date}',
  'account.createCode': 'Make a recovery code',
  'account.replaceCode': 'Replace the recovery code',
  'account.creatingCode': 'Making it…',

  'recoveryCode.title': 'Your recovery code',
  'recoveryCode.titleAfterSignIn': 'Signed in: here is your new recovery code',
  'recoveryCode.usedGone': 'The code you just used no longer works.',
  'recoveryCode.warning':
    'It is shown only this once and replaces any earlier code. Save it now: it signs you in to this account on a new phone or after signing out.',
  'recoveryCode.copy': 'Copy',
  'recoveryCode.copied': 'Recovery code copied',
  'recoveryCode.copyFailed': 'Could not copy: write the code down by hand',
  'recoveryCode.saveText': 'Save as text',
  'recoveryCode.savedText': 'Text file downloaded',
  'recoveryCode.saveImage': 'Save as image',
  'recoveryCode.savedImage': 'Image downloaded',
  'recoveryCode.imageFailed': 'Could not make the image: copy it or save it as text',
  'recoveryCode.done': 'I have saved it',
  'recoveryCode.fileTitle': 'Yanzhi Arena recovery code',
  'recoveryCode.fileHint':
    'Under Me, tap Sign in and enter this code to get back to your account. Each code works once.',

  'signIn.button': 'Sign in',
  'signIn.guestTitle': 'Have an account?',
  'signIn.guestText':
    'Sign in with a passkey or recovery code you saved to get back to your photos.',
  'signIn.title': 'Sign in to your account',
  'signIn.text':
    'Use a passkey or recovery code you saved. Your votes and fuel on this device come along into the account.',
  'signIn.passkey': 'Sign in with a passkey',
  'signIn.passkeyBusy': 'Checking the passkey…',
  'signIn.passkeyUnsupported': 'This browser cannot use passkeys: sign in with a recovery code.',
  'signIn.passkeyFailed': 'The passkey check did not finish, please try again',
  'signIn.codeLabel': 'Recovery code',
  'signIn.codeHint': '24 letters and digits; case, spaces and dashes do not matter',
  'signIn.codeEmpty': 'Enter your recovery code',
  'signIn.code': 'Sign in with a recovery code',
  'signIn.codeBusy': 'Signing in…',

  'saveOffer.title': 'Keep your account',
  'saveOffer.text':
    'Your photo is in an account on this device. Save a passkey or a recovery code to get back to it on another phone or after clearing data, and delete it whenever you like.',
  'saveOffer.later': 'Not now',
  'saveOffer.saved': 'Saved: manage it under Me',

  'signOut.title': 'Sign out?',
  'signOut.comeBack': 'To come back to this account later:',
  'signOut.viaPasskey': 'sign in with a passkey ({count} saved)',
  'signOut.viaPasskey.one': 'sign in with your passkey',
  'signOut.viaCode': 'sign in with your recovery code',
  'signOut.viaHost': 'reopen from the app',
  'signOut.stranded':
    'This account has no passkey and no recovery code. Once signed out you can never sign back in, nor manage or delete your {count} photos.',
  'signOut.stranded.one':
    'This account has no passkey and no recovery code. Once signed out you can never sign back in, nor manage or delete your photo.',
  'signOut.saveFirst': 'Save a way back first:',
  'signOut.noWay':
    'This account has no way back in: once signed out, you cannot sign in to it again.',
  'signOut.unknown': 'Could not check whether this account can sign back in.',
  'signOut.confirm': 'Sign out',
  'signOut.anyway': 'Sign out anyway',
};

/**
 * Every language's texts, written out: texts.ts reads them with lib/i18n's Language, so a new
 * language fails to compile until it is added here.
 */
export const ACCOUNT_TEXTS = { 'zh-CN': ZH, en: EN };

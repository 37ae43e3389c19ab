import { PASSKEY_LIMIT, UPLOAD_LIMITS } from './constants.js';

/**
 * Error codes (DESIGN §3): five digits grouped by kind, stable once published.
 * 400xx bad input · 401xx not signed in / bad token · 403xx not allowed · 404xx not found ·
 * 409xx conflict · 413xx too large · 415xx unsupported media · 429xx rate limited ·
 * 500xx internal · 501xx not available yet · 503xx overloaded.
 */
export const ErrorCode = {
  OK: 0,
  BAD_REQUEST: 40000,
  VALIDATION_FAILED: 40001,
  MALFORMED_BODY: 40002,
  METHOD_NOT_ALLOWED: 40003,
  IMAGE_UNREADABLE: 40004,
  IMAGE_TOO_SMALL: 40005,
  FILE_MISSING: 40006,
  NOT_SIGNED_IN: 40100,
  TOKEN_INVALID: 40101,
  TOKEN_EXPIRED: 40102,
  TOKEN_REVOKED: 40103,
  REFRESH_TOKEN_INVALID: 40104,
  HOST_CREDENTIAL_INVALID: 40105,
  PASSKEY_CEREMONY_INVALID: 40106,
  PASSKEY_VERIFICATION_FAILED: 40107,
  PASSKEY_UNKNOWN: 40108,
  RECOVERY_CODE_INVALID: 40109,
  FORBIDDEN: 40300,
  USER_MISMATCH: 40301,
  ACCOUNT_BANNED: 40302,
  MODERATION_PROTECTED: 40310,
  DEVICE_ID_TAKEN: 40311,
  NOT_FOUND: 40400,
  CATEGORY_NOT_FOUND: 40401,
  PHOTO_NOT_FOUND: 40402,
  USER_NOT_FOUND: 40403,
  PAIR_NOT_SERVED: 40404,
  NO_PAIR_AVAILABLE: 40405,
  NO_PHOTO_TO_SHARE: 40406,
  PASSKEY_NOT_FOUND: 40407,
  CONFLICT: 40900,
  DUPLICATE_PHOTO: 40904,
  ALREADY_REPORTED: 40905,
  PASSKEY_ALREADY_SAVED: 40906,
  PASSKEY_LIMIT_REACHED: 40907,
  LAST_PHOTO: 40908,
  PAIR_EXPIRED: 40901,
  PAIR_ALREADY_JUDGED: 40902,
  INSUFFICIENT_FUEL: 40903,
  PAYLOAD_TOO_LARGE: 41300,
  IMAGE_TOO_LARGE: 41301,
  UNSUPPORTED_MEDIA_TYPE: 41500,
  UNSUPPORTED_IMAGE: 41501,
  RATE_LIMITED: 42900,
  TOO_MANY_NEW_DEVICE_IDS: 42910,
  INTERNAL: 50000,
  NOT_AVAILABLE_YET: 50100,
  OVERLOADED: 50300,
} as const;

export type ErrorCodeName = keyof typeof ErrorCode;
export type ErrorCodeValue = (typeof ErrorCode)[ErrorCodeName];

export type MessageLanguage = 'zh' | 'en';

/** The upload's byte limit as the messages print it. */
const MAX_MEGABYTES = UPLOAD_LIMITS.maxBytes / (1024 * 1024);

/** The human message for each code, Chinese by default and English on request. */
export const ERROR_MESSAGES: Readonly<
  Record<ErrorCodeValue, Readonly<Record<MessageLanguage, string>>>
> = {
  [ErrorCode.OK]: { zh: '成功', en: 'OK' },
  [ErrorCode.BAD_REQUEST]: { zh: '请求无效', en: 'Bad request' },
  [ErrorCode.VALIDATION_FAILED]: { zh: '参数无效', en: 'Invalid parameter' },
  [ErrorCode.MALFORMED_BODY]: {
    zh: '请求内容不是有效的 JSON',
    en: 'The request body is not valid JSON',
  },
  [ErrorCode.METHOD_NOT_ALLOWED]: {
    zh: '接口只接受 POST 请求',
    en: 'This endpoint only accepts POST',
  },
  [ErrorCode.NOT_SIGNED_IN]: { zh: '请先登录', en: 'Please sign in first' },
  [ErrorCode.TOKEN_INVALID]: {
    zh: '登录凭证无效，请重新登录',
    en: 'Your session is not valid, please sign in again',
  },
  [ErrorCode.TOKEN_EXPIRED]: {
    zh: '登录已过期，请重新登录',
    en: 'Your session has expired, please sign in again',
  },
  [ErrorCode.TOKEN_REVOKED]: {
    zh: '登录已失效，请重新登录',
    en: 'Your session was signed out, please sign in again',
  },
  [ErrorCode.REFRESH_TOKEN_INVALID]: {
    zh: '刷新凭证无效，请重新登录',
    en: 'The refresh token is not valid, please sign in again',
  },
  [ErrorCode.HOST_CREDENTIAL_INVALID]: {
    zh: '宿主登录凭证无效',
    en: 'The host credential is not valid',
  },
  [ErrorCode.PASSKEY_CEREMONY_INVALID]: {
    zh: '通行密钥请求已过期或已使用，请重试',
    en: 'This passkey request has expired or was already used, please try again',
  },
  [ErrorCode.PASSKEY_VERIFICATION_FAILED]: {
    zh: '通行密钥验证未通过',
    en: 'The passkey could not be verified',
  },
  [ErrorCode.PASSKEY_UNKNOWN]: {
    zh: '这个通行密钥没有关联任何账号，它可能已被删除',
    en: 'This passkey belongs to no account; it may have been removed',
  },
  [ErrorCode.RECOVERY_CODE_INVALID]: {
    zh: '恢复码无效或已经用过',
    en: 'This recovery code is not valid or was already used',
  },
  [ErrorCode.FORBIDDEN]: { zh: '没有权限执行此操作', en: 'You are not allowed to do this' },
  [ErrorCode.USER_MISMATCH]: {
    zh: '请求中的用户与当前登录用户不一致',
    en: 'The user in the request is not the signed-in user',
  },
  [ErrorCode.ACCOUNT_BANNED]: { zh: '账号已被封禁', en: 'This account has been banned' },
  [ErrorCode.MODERATION_PROTECTED]: {
    zh: '不能处理自己或其他管理员的照片和账号',
    en: 'Moderators cannot act on their own or another moderator’s photos and account',
  },
  [ErrorCode.DEVICE_ID_TAKEN]: {
    zh: '此设备标识属于另一台设备',
    en: 'This device id belongs to another device',
  },
  [ErrorCode.NOT_FOUND]: { zh: '接口不存在', en: 'No such endpoint' },
  [ErrorCode.CATEGORY_NOT_FOUND]: { zh: '分类不存在', en: 'No such category' },
  [ErrorCode.PHOTO_NOT_FOUND]: { zh: '照片不存在', en: 'No such photo' },
  [ErrorCode.USER_NOT_FOUND]: { zh: '用户不存在', en: 'No such user' },
  [ErrorCode.PAIR_NOT_SERVED]: {
    zh: '这组照片不是为你准备的，请看下一组',
    en: 'This pair was not served to you, please take the next one',
  },
  [ErrorCode.NO_PAIR_AVAILABLE]: {
    zh: '这个分类暂时没有可以比较的照片了，换个分类或上传一张吧',
    en: 'No photos to compare in this category right now: try another one or upload yours',
  },
  [ErrorCode.NO_PHOTO_TO_SHARE]: {
    zh: '你还没有可以分享的照片，先上传一张吧',
    en: 'You have no photo to share yet: upload one first',
  },
  [ErrorCode.PASSKEY_NOT_FOUND]: {
    zh: '没有找到这个通行密钥',
    en: 'No such passkey',
  },
  [ErrorCode.PASSKEY_ALREADY_SAVED]: {
    zh: '这个通行密钥已经保存过了',
    en: 'This passkey is already saved',
  },
  [ErrorCode.PASSKEY_LIMIT_REACHED]: {
    zh: `每个账号最多保存 ${PASSKEY_LIMIT} 个通行密钥，请先删除一个`,
    en: `An account keeps at most ${PASSKEY_LIMIT} passkeys: remove one first`,
  },
  [ErrorCode.LAST_PHOTO]: {
    zh: '至少保留一张照片：可以先上传新照片再删除这张，或在“我的”里删除账号',
    en: 'Keep at least one photo: upload another first, or delete the account from your profile',
  },
  [ErrorCode.PAIR_EXPIRED]: {
    zh: '这组照片已过期，请看下一组',
    en: 'This pair has expired, please take the next one',
  },
  [ErrorCode.PAIR_ALREADY_JUDGED]: {
    zh: '你已经为这组照片投过票了',
    en: 'You have already voted on this pair',
  },
  [ErrorCode.INSUFFICIENT_FUEL]: { zh: '燃料不足', en: 'Not enough fuel' },
  [ErrorCode.IMAGE_UNREADABLE]: {
    zh: '无法读取这张图片，文件可能已损坏',
    en: 'This image cannot be read; the file may be damaged',
  },
  [ErrorCode.IMAGE_TOO_SMALL]: {
    zh: `图片太小了，短边至少需要 ${UPLOAD_LIMITS.minShortSide} 像素`,
    en: `The image is too small: its short side needs at least ${UPLOAD_LIMITS.minShortSide} pixels`,
  },
  [ErrorCode.FILE_MISSING]: { zh: '请选择一张照片', en: 'Please choose a photo' },
  [ErrorCode.DUPLICATE_PHOTO]: {
    zh: '你已经上传过这张照片了',
    en: 'You have already uploaded this photo',
  },
  [ErrorCode.ALREADY_REPORTED]: {
    zh: '你已经举报过这张照片了，我们会尽快处理',
    en: 'You have already reported this photo; we will look at it soon',
  },
  [ErrorCode.IMAGE_TOO_LARGE]: {
    zh: `图片太大了：最大 ${MAX_MEGABYTES} MB、${UPLOAD_LIMITS.maxPixels / 10_000} 万像素`,
    en: `The image is too large: at most ${MAX_MEGABYTES} MB and ${UPLOAD_LIMITS.maxPixels / 1_000_000} megapixels`,
  },
  [ErrorCode.UNSUPPORTED_IMAGE]: {
    zh: '只支持 JPEG、PNG 和 WebP 格式的照片',
    en: 'Only JPEG, PNG and WebP photos are supported',
  },
  [ErrorCode.CONFLICT]: { zh: '操作冲突，请重试', en: 'Conflict, please try again' },
  [ErrorCode.PAYLOAD_TOO_LARGE]: { zh: '请求内容过大', en: 'The request is too large' },
  [ErrorCode.UNSUPPORTED_MEDIA_TYPE]: {
    zh: '不支持的内容类型',
    en: 'Unsupported content type',
  },
  [ErrorCode.RATE_LIMITED]: {
    zh: '操作太频繁，请稍后再试',
    en: 'Too many requests, please try again later',
  },
  [ErrorCode.TOO_MANY_NEW_DEVICE_IDS]: {
    zh: '此网络新设备过多，请稍后再试',
    en: 'Too many new devices from this network, please try again later',
  },
  [ErrorCode.INTERNAL]: {
    zh: '服务器开小差了，请稍后再试',
    en: 'Something went wrong on our side, please try again later',
  },
  [ErrorCode.NOT_AVAILABLE_YET]: {
    zh: '该功能尚未开放',
    en: 'This feature is not available yet',
  },
  [ErrorCode.OVERLOADED]: {
    zh: '服务繁忙，请稍后再试',
    en: 'The service is busy, please try again later',
  },
};

export function errorMessage(code: ErrorCodeValue, language: MessageLanguage = 'zh'): string {
  return ERROR_MESSAGES[code][language];
}

/**
 * PAYLOAD_TOO_LARGE's message when the part over the limit is the photo (over
 * UPLOAD_LIMITS.maxBytes): the user's to fix by choosing another, so it names the limit. The web
 * app refuses a crop over the limit with the same words before sending it.
 */
export const FILE_TOO_LARGE_MESSAGE: Readonly<Record<MessageLanguage, string>> = {
  zh: `照片太大了，最大 ${MAX_MEGABYTES} MB`,
  en: `The photo is too large: at most ${MAX_MEGABYTES} MB`,
};

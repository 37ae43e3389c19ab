import { describe, expect, it } from 'vitest';
import { ErrorCode, errorEnvelope, okEnvelope } from '../src/index.js';

describe('the envelope builders', () => {
  it('wraps a success with code 0 and the OK text in the language asked for', () => {
    expect(okEnvelope({ id: 1 }, 'en')).toEqual({ code: 0, msg: 'OK', data: { id: 1 } });
    expect(okEnvelope([], 'zh').msg).toBe('成功');
  });

  it('wraps a refusal with its code, message and data as given', () => {
    expect(errorEnvelope(ErrorCode.NOT_FOUND, 'gone', null)).toEqual({
      code: ErrorCode.NOT_FOUND,
      msg: 'gone',
      data: null,
    });
  });
});

import { ErrorCode } from '@yanzhi/contract';
import type { z } from 'zod';
import { AppError } from '../errors.js';

type Issue = z.core.$ZodIssue;

function fieldOf(issue: Issue): string {
  return issue.path.length === 0 ? 'body' : issue.path.map(String).join('.');
}

/** A short description of the problem, in both languages. */
function describe(issue: Issue): { zh: string; en: string } {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined
        ? { zh: '必填', en: 'is required' }
        : { zh: `类型应为 ${issue.expected}`, en: `must be of type ${issue.expected}` };
    case 'too_small':
      // A text's minimum is its length: "at least 1" would read as a number.
      if (issue.origin === 'string' && Number(issue.minimum) === 1) {
        return { zh: '不能为空', en: 'must not be empty' };
      }
      return {
        zh: `不能小于 ${String(issue.minimum)}`,
        en: `must be at least ${String(issue.minimum)}`,
      };
    case 'too_big':
      return {
        zh: `不能大于 ${String(issue.maximum)}`,
        en: `must be at most ${String(issue.maximum)}`,
      };
    case 'invalid_value':
      return {
        zh: `取值应为 ${issue.values.map(String).join(' / ')}`,
        en: `must be one of ${issue.values.map(String).join(', ')}`,
      };
    case 'invalid_union':
      return { zh: '格式不正确', en: 'has the wrong type or format' };
    default:
      return { zh: '格式不正确', en: issue.message };
  }
}

/**
 * Validates a request against its contract schema. Unknown fields are dropped (zod objects
 * strip them); the first problem names its field in `msg`, and every problem is in `data`.
 */
export function parseInput<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  // No body at all is an empty object; a JSON `null` is not an object and is refused.
  const result = schema.safeParse(body === undefined ? {} : body);
  if (result.success) return result.data;
  const issues = result.error.issues.map((issue) => ({
    field: fieldOf(issue),
    ...describe(issue),
  }));
  const first = issues[0] ?? { field: 'body', zh: '格式不正确', en: 'is not valid' };
  throw new AppError(
    ErrorCode.VALIDATION_FAILED,
    {
      zh: `参数无效：${first.field}（${first.zh}）`,
      en: `Invalid parameter ${first.field}: ${first.en}`,
    },
    {
      field: first.field,
      issues: issues.map((issue) => ({ field: issue.field, problem: issue.en })),
    },
  );
}

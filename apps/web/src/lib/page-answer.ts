import { PAGE_ANSWER_ELEMENT_ID, type CallResponse, type PageAnswer } from '@yanzhi/contract';
import { getToken } from './identity';
import { jsonInPage } from './in-page';

type Input = PageAnswer['input'];

function sameInput(written: unknown, asked: Input): boolean {
  if (typeof written !== 'object' || written === null) return false;
  const record = written as Record<string, unknown>;
  const keys = Object.keys(asked);
  return (
    Object.keys(record).length === keys.length && keys.every((key) => record[key] === asked[key])
  );
}

/**
 * The answer the server wrote into a first visit's page (server plugins/page-html.ts) for
 * exactly this public call and input, as a visitor without a session gets it; undefined when
 * the page has none (the service worker's shell, another address), it answers another call or
 * input, or this browser has a session (its answer may differ: its own photos, its rank).
 * It is taken once by its call (another call's leaves it for that one): a later render of the
 * same page asks the server as usual.
 */
export function takePageAnswer<C extends PageAnswer['call']>(
  call: C,
  input: Input,
): CallResponse<C> | undefined {
  const answer = jsonInPage(PAGE_ANSWER_ELEMENT_ID) as Partial<PageAnswer> | null | undefined;
  if (answer?.call !== call) return undefined;
  document.getElementById(PAGE_ANSWER_ELEMENT_ID)?.remove();
  if (getToken() !== null) return undefined;
  if (!sameInput(answer.input, input)) return undefined;
  return answer.data as CallResponse<C> | undefined;
}

import { PAGE_ANSWER_ELEMENT_ID, type PageAnswer } from '@yanzhi/contract';

/**
 * Writes JSON into the document as the server writes it into a page's HTML (a script element
 * of that id); a string is written as it is (to write something unreadable).
 */
export function writeIntoPage(id: string, value: unknown): void {
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = id;
  script.textContent = typeof value === 'string' ? value : JSON.stringify(value);
  document.head.append(script);
}

/** Takes what was written under that id out again (between tests). */
export function clearFromPage(id: string): void {
  document.getElementById(id)?.remove();
}

/** A first answer, written as the server writes it into a shared page's HTML. */
export function writePageAnswer(answer: PageAnswer | string): void {
  writeIntoPage(PAGE_ANSWER_ELEMENT_ID, answer);
}

export function clearPageAnswer(): void {
  clearFromPage(PAGE_ANSWER_ELEMENT_ID);
}

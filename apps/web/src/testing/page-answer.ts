import { PAGE_ANSWER_ELEMENT_ID, type PageAnswer } from '@yanzhi/contract';

/** Writes a first answer into the document as the server writes it into a page's HTML. */
export function writePageAnswer(answer: PageAnswer | string): void {
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = PAGE_ANSWER_ELEMENT_ID;
  script.textContent = typeof answer === 'string' ? answer : JSON.stringify(answer);
  document.head.append(script);
}

/** Takes a written answer out again (between tests). */
export function clearPageAnswer(): void {
  document.getElementById(PAGE_ANSWER_ELEMENT_ID)?.remove();
}

import { lazy, Suspense, type ComponentProps } from 'react';
import { firstScreenSettled } from '../../lib/after-first-screen';
import type { ShareModal as ShareModalComponent } from './ShareModal';

const load = () => import('./ShareModal');
const Modal = lazy(async () => ({ default: (await load()).ShareModal }));

// The pages that offer sharing open on their own content first: the modal's code and styles
// (the card, its actions) come once the first screen has settled, or when it is opened.
void firstScreenSettled().then(load);

/** The rank share modal, its code fetched on demand (ADR 0018: not on a page's first paint). */
export function ShareModal(props: ComponentProps<typeof ShareModalComponent>) {
  return (
    <Suspense fallback={null}>
      <Modal {...props} />
    </Suspense>
  );
}

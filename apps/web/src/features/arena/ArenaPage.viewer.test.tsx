import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { choice, openArena, useClock } from '../../testing/arena-page';

/** Opens photo 1 full screen with a long press, as a finger would. */
async function openViewer() {
  const api = await openArena();
  const target = choice(1);
  fireEvent.pointerDown(target, { pointerId: 1, pointerType: 'touch', clientX: 10, clientY: 10 });
  act(() => {
    vi.advanceTimersByTime(500);
  });
  fireEvent.pointerUp(target, { pointerId: 1, pointerType: 'touch' });
  const viewer = await screen.findByRole('dialog', { name: '照片 1 大图' });
  const stage = within(viewer).getByTestId('viewer-stage');
  // The DOM here lays nothing out: the photo's box is 300 x 400 at the top left.
  vi.spyOn(stage, 'getBoundingClientRect').mockReturnValue(
    DOMRect.fromRect({ x: 0, y: 0, width: 300, height: 400 }),
  );
  return { api, viewer, stage };
}

function tap(stage: HTMLElement, id: number, x: number, y: number) {
  fireEvent.pointerDown(stage, { pointerId: id, pointerType: 'touch', clientX: x, clientY: y });
  fireEvent.pointerUp(stage, { pointerId: id, pointerType: 'touch', clientX: x, clientY: y });
}

/** Real time passing: an event's time stamp is the page's clock, which no fake timer moves. */
function pause(ms: number): Promise<void> {
  return new Promise((resolve) => {
    setTimeout(resolve, ms);
  });
}

describe('arena page: the photo viewer', () => {
  it('has a visible close button, which takes focus first', async () => {
    useClock();
    const { viewer, api } = await openViewer();
    const close = within(viewer).getByRole('button', { name: '关闭' });
    await waitFor(() => {
      expect(document.activeElement).toBe(close);
    });
    fireEvent.pointerDown(close, { pointerId: 5, pointerType: 'touch' });
    fireEvent.click(close, { detail: 1 });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.callsTo('submit_photo_rating')).toHaveLength(0);
  });

  it('zooms in where it is double-tapped, and back out on the next double tap', async () => {
    useClock();
    const { stage } = await openViewer();
    expect(stage.dataset.scale).toBe('1.00');
    tap(stage, 11, 150, 200);
    tap(stage, 12, 152, 201);
    expect(stage.dataset.scale).toBe('2.50');
    tap(stage, 13, 150, 200);
    tap(stage, 14, 150, 200);
    expect(stage.dataset.scale).toBe('1.00');
    // Two taps far apart in time or place are not a double tap.
    tap(stage, 15, 150, 200);
    await pause(400);
    tap(stage, 16, 150, 200);
    expect(stage.dataset.scale).toBe('1.00');
    tap(stage, 17, 20, 20);
    expect(stage.dataset.scale).toBe('1.00');
  });

  it('pinches with two fingers to zoom, and pans the zoomed photo with one', async () => {
    useClock();
    const { stage } = await openViewer();
    const img = stage.querySelector('img');
    fireEvent.pointerDown(stage, {
      pointerId: 21,
      pointerType: 'touch',
      clientX: 100,
      clientY: 200,
    });
    fireEvent.pointerDown(stage, {
      pointerId: 22,
      pointerType: 'touch',
      clientX: 200,
      clientY: 200,
    });
    fireEvent.pointerMove(stage, {
      pointerId: 21,
      pointerType: 'touch',
      clientX: 50,
      clientY: 200,
    });
    fireEvent.pointerMove(stage, {
      pointerId: 22,
      pointerType: 'touch',
      clientX: 250,
      clientY: 200,
    });
    expect(stage.dataset.scale).toBe('2.00');
    fireEvent.pointerUp(stage, { pointerId: 22, pointerType: 'touch', clientX: 250, clientY: 200 });
    // The finger left on the photo drags it.
    fireEvent.pointerMove(stage, {
      pointerId: 21,
      pointerType: 'touch',
      clientX: 90,
      clientY: 230,
    });
    expect(img?.style.transform).toBe('translate(40px, 30px) scale(2)');
    fireEvent.pointerUp(stage, { pointerId: 21, pointerType: 'touch', clientX: 90, clientY: 230 });
    expect(stage.dataset.scale).toBe('2.00');
  });

  it('zooms with its button and the + and - keys too', async () => {
    useClock();
    const { viewer, stage } = await openViewer();
    const zoom = within(viewer).getByRole('button', { name: '放大' });
    fireEvent.click(zoom);
    expect(stage.dataset.scale).toBe('2.50');
    expect(within(viewer).getByRole('button', { name: '还原' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    fireEvent.keyDown(stage, { key: '-' });
    expect(stage.dataset.scale).toBe('1.00');
    fireEvent.keyDown(stage, { key: '+' });
    expect(stage.dataset.scale).toBe('2.50');
  });

  it('closes with Escape, and with back', async () => {
    useClock();
    const { viewer } = await openViewer();
    expect(viewer).toBeTruthy();
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();

    const target = choice(2);
    fireEvent.pointerDown(target, {
      pointerId: 31,
      pointerType: 'touch',
      clientX: 10,
      clientY: 10,
    });
    act(() => {
      vi.advanceTimersByTime(500);
    });
    fireEvent.pointerUp(target, { pointerId: 31, pointerType: 'touch' });
    await screen.findByRole('dialog', { name: '照片 2 大图' });
    act(() => {
      window.history.back();
    });
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).toBeNull();
    });
  });
});

describe('arena page: the report sheet', () => {
  it("shows the reported photo's thumbnail", async () => {
    await openArena();
    fireEvent.click(screen.getByRole('button', { name: '举报照片 2' }));
    const sheet = await screen.findByRole('dialog', { name: '举报照片 2' });
    expect(within(sheet).getByTestId('report-thumb').getAttribute('src')).toBe(
      '/media/photos/2-thumb.webp',
    );
  });
});

import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { choice, openArena, useClock } from '../../testing/arena-page';
import { NOT_AVAILABLE, USER_INFO, ok } from '../../testing/mock-api';
import { useUserStore } from '../../services/user';

describe('arena page: report and inspect', () => {
  it('reports a photo with a reason and notes, and shows the server message on failure', async () => {
    const api = await openArena({ submit_photo_report: NOT_AVAILABLE });
    const { user } = api.view;
    const flag = screen.getByRole('button', { name: '举报照片 2' });
    await user.click(flag);
    const sheet = await screen.findByRole('dialog', { name: '举报照片 2' });
    const send = within(sheet).getByRole('button', { name: '提交举报' });
    expect((send as HTMLButtonElement).disabled).toBe(true);
    await user.click(within(sheet).getByRole('radio', { name: '垃圾广告' }));
    await user.type(within(sheet).getByRole('textbox', { name: '补充说明（选填）' }), '二维码广告');
    await user.click(send);
    expect((await within(sheet).findByRole('alert')).textContent).toBe('该功能尚未开放');
    expect(api.callsTo('submit_photo_report')[0]?.body).toEqual({
      photo_id: 2,
      reason: 'spam_or_ads',
      notes: '二维码广告',
      user_id: '1',
    });
    expect(api.callsTo('submit_photo_rating')).toHaveLength(0);

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(flag);
  });

  it('sends the signed-in user with a report and thanks on success', async () => {
    useUserStore.getState().setUser(USER_INFO);
    const api = await openArena({ submit_photo_report: ok({ report_id: 1, photo_id: 1 }) });
    const { user } = api.view;
    await user.click(screen.getByRole('button', { name: '举报照片 1' }));
    await user.click(screen.getByRole('radio', { name: '疑似未成年人' }));
    await user.click(screen.getByRole('button', { name: '提交举报' }));
    expect(await screen.findByText('举报已提交，感谢你的反馈')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.callsTo('submit_photo_report')[0]?.body).toMatchObject({
      photo_id: 1,
      reason: 'minor',
      notes: '',
      user_id: 7,
    });
  });

  it('keeps focus inside the report sheet', async () => {
    const api = await openArena();
    const { user } = api.view;
    await user.click(screen.getByRole('button', { name: '举报照片 1' }));
    const sheet = await screen.findByRole('dialog');
    for (let i = 0; i < 12; i += 1) {
      await user.tab();
      expect(sheet.contains(document.activeElement)).toBe(true);
    }
    // Voting keys do nothing while the sheet is open.
    fireEvent.keyDown(document.body, { key: '1' });
    expect(api.callsTo('submit_photo_rating')).toHaveLength(0);
  });

  it('opens a photo full screen on a long press, without voting', async () => {
    useClock();
    const api = await openArena();
    const target = choice(2);
    fireEvent.pointerDown(target, { pointerId: 1, pointerType: 'touch', clientX: 10, clientY: 10 });
    act(() => {
      vi.advanceTimersByTime(500);
    });
    fireEvent.pointerUp(target, { pointerId: 1, pointerType: 'touch' });
    fireEvent.click(target);
    const viewer = await screen.findByRole('dialog', { name: '照片 2 大图' });
    expect(viewer.querySelector('img')?.getAttribute('src')).toBe('/media/photos/2-display.webp');
    expect(api.callsTo('submit_photo_rating')).toHaveLength(0);

    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    // A short tap afterwards is a vote again.
    fireEvent.pointerDown(target, { pointerId: 2, pointerType: 'touch' });
    fireEvent.pointerUp(target, { pointerId: 2, pointerType: 'touch' });
    fireEvent.click(target);
    await screen.findAllByTestId('score-chip');
    expect(api.callsTo('submit_photo_rating')).toHaveLength(1);
  });

  it('opens a photo full screen on a pinch and closes it with a tap', async () => {
    const api = await openArena();
    const target = choice(1);
    fireEvent.pointerDown(target, { pointerId: 1, pointerType: 'touch' });
    fireEvent.pointerDown(target, { pointerId: 2, pointerType: 'touch' });
    fireEvent.pointerUp(target, { pointerId: 1, pointerType: 'touch' });
    fireEvent.pointerUp(target, { pointerId: 2, pointerType: 'touch' });
    fireEvent.click(target);
    const viewer = await screen.findByRole('dialog', { name: '照片 1 大图' });
    const close = within(viewer).getByRole('button', { name: '关闭' });
    // The fingers that opened it lift over the viewer: that click does not close it.
    fireEvent.click(close, { detail: 1 });
    expect(screen.getByRole('dialog')).toBeTruthy();
    fireEvent.pointerDown(close, { pointerId: 3, pointerType: 'touch' });
    fireEvent.click(close, { detail: 1 });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.callsTo('submit_photo_rating')).toHaveLength(0);
  });
});

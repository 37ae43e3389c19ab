import { CLIENT_STORAGE_KEYS } from '@yanzhi/contract';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CATEGORIES, NOT_AVAILABLE, USER_INFO, mockApi, ok } from '../../testing/mock-api';
import { renderApp } from '../../testing/render-app';
import { useUserStore } from '../user';

function photoFile() {
  return new File([new Uint8Array([0xff, 0xd8, 0xff])], 'me.jpg', { type: 'image/jpeg' });
}

describe('upload page', () => {
  it('sends the file and category as multipart and shows the server answer', async () => {
    const fetchMock = mockApi({ get_categories: ok(CATEGORIES), upload_photo: NOT_AVAILABLE });
    const { user } = renderApp('/upload');

    const input = await screen.findByLabelText<HTMLInputElement>(/选择照片/);
    expect(input.accept).toBe('image/jpeg,image/png,image/webp');
    const select = await screen.findByRole<HTMLSelectElement>('combobox', { name: '分类' });
    await waitFor(() => {
      expect(select.disabled).toBe(false);
    });
    await user.upload(input, photoFile());
    await user.selectOptions(select, '男生');
    await user.click(screen.getByRole('button', { name: '上传' }));

    expect(await screen.findByText('该功能尚未开放')).toBeTruthy();
    const call = fetchMock.callsTo('upload_photo')[0];
    expect(call?.headers.has('content-type')).toBe(false);
    const form = call?.body as FormData;
    expect(form.get('category_id')).toBe('2');
    expect((form.get('file') as File).name).toBe('me.jpg');
  });

  it('asks for a photo before sending', async () => {
    const fetchMock = mockApi({ get_categories: ok(CATEGORIES) });
    const { user } = renderApp('/upload');
    await screen.findByRole('option', { name: '女生' });
    await user.click(screen.getByRole('button', { name: '上传' }));
    expect((await screen.findByRole('alert')).textContent).toBe('请先选择一张照片');
    expect(fetchMock.callsTo('upload_photo')).toHaveLength(0);
  });

  it("keeps the device account's session returned by a first upload", async () => {
    mockApi({
      get_categories: ok(CATEGORIES),
      upload_photo: ok({
        photo_id: 11,
        session: { token: 'new-tok', refresh_token: 'new-r', userInfo: USER_INFO },
      }),
    });
    const { user } = renderApp('/upload');
    await screen.findByRole('option', { name: '女生' });
    await user.upload(await screen.findByLabelText(/选择照片/), photoFile());
    await user.click(screen.getByRole('button', { name: '上传' }));
    expect(await screen.findByText('上传成功！你的照片正在定级中')).toBeTruthy();
    expect(localStorage.getItem(CLIENT_STORAGE_KEYS.token)).toBe('new-tok');
    expect(useUserStore.getState().user?.nickname).toBe('小明');
    expect(screen.getByRole('link', { name: '先去投票' }).getAttribute('href')).toBe('/');
  });
});

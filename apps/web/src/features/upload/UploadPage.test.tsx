import { CLIENT_STORAGE_KEYS, type MyPhoto } from '@yanzhi/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CODE } from '../../testing/account-fixtures';
import { CATEGORIES, USER_INFO, fail, mockApi, ok, type Answer } from '../../testing/mock-api';
import { renderApp } from '../../testing/render-app';
import { useUserStore } from '../../services/user';
import * as crop from './crop';

// Decoding and canvas drawing need a real browser (e2e covers them); the geometry stays real.
vi.mock('./crop', async (importOriginal) => {
  const actual = await importOriginal<typeof crop>();
  return { ...actual, loadImage: vi.fn(), renderCrop: vi.fn() };
});

/** A 12 MP portrait photo as the phone's camera gives it. */
const BIG = { width: 3000, height: 4000 };
const DOWNSCALED = new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xd9])], { type: 'image/jpeg' });

const MY_PHOTO: MyPhoto = {
  id: 11,
  category_id: 2,
  current_score: 500,
  provisional: true,
  comparisons: 0,
  wins: 0,
  image: {
    url: '/u/11.jpg',
    medium_url: '/u/11-m.jpg',
    thumb_url: '/u/11-t.jpg',
    width: 1080,
    height: 1440,
    placeholder: '#333',
  },
  state: 'active',
  state_reason: null,
  boost_remaining: 0,
  boost_delivered: 0,
  created_at: '2026-01-01T00:00:00.000Z',
  rank: null,
  placement: { matches_to_place: 30, score_low: 180, score_high: 920 },
};

function photoFile() {
  return new File([new Uint8Array(4096)], 'me.jpg', { type: 'image/jpeg' });
}

beforeEach(() => {
  vi.mocked(crop.loadImage).mockReset();
  vi.mocked(crop.renderCrop).mockReset();
  vi.mocked(crop.loadImage).mockResolvedValue({
    ...BIG,
    url: 'blob:preview',
    source: {} as CanvasImageSource,
  });
  vi.mocked(crop.renderCrop).mockResolvedValue(DOWNSCALED);
});

async function chooseAndFrame(user: ReturnType<typeof renderApp>['user']) {
  const album = await screen.findByLabelText<HTMLInputElement>(/从相册选择/);
  expect(album.accept).toBe('image/jpeg,image/png,image/webp');
  await user.upload(album, photoFile());
  return screen.findByRole('application', { name: /裁剪框/ });
}

describe('crop geometry', () => {
  it('crops 3:4 and draws a 12 MP photo at most 1440 px long', () => {
    const rect = crop.cropRect(BIG, crop.initialCrop(BIG));
    expect(rect).toEqual({ x: 0, y: 0, width: 3000, height: 4000 });
    expect(crop.outputSize(rect)).toEqual({ width: 1080, height: 1440 });
    const wide = { width: 4000, height: 3000 };
    expect(crop.cropRect(wide, crop.initialCrop(wide))).toEqual({
      x: 875,
      y: 0,
      width: 2250,
      height: 3000,
    });
  });

  it('keeps at least 256 px across when zooming and keeps the frame on the photo', () => {
    const small = { width: 600, height: 800 };
    expect(crop.maxZoom(small)).toBeCloseTo(600 / 256);
    const zoomed = crop.clampCrop(small, { cx: 0, cy: 9999, zoom: 10 });
    const rect = crop.cropRect(small, zoomed);
    expect(rect.width).toBeCloseTo(256);
    expect(rect.x).toBeCloseTo(0);
    expect(rect.y + rect.height).toBeCloseTo(800);
    expect(crop.outputSize(rect).width).toBe(256);
  });

  it('moves the crop opposite to the drag, scaled to image pixels', () => {
    const start = { cx: 1500, cy: 2000, zoom: 2 };
    const moved = crop.dragCrop(BIG, start, 30, 0, 300);
    // The frame shows 1500 image px over 300 screen px: a 30 px drag is 150 image px.
    expect(moved.cx).toBeCloseTo(1350);
    expect(moved.cy).toBe(2000);
  });
});

describe('upload page', () => {
  it('offers the album and the front camera with the three tips', async () => {
    mockApi({ get_categories: ok(CATEGORIES) });
    renderApp('/upload');
    // The first test of the file waits for the page's lazy chunk: slow on a busy machine.
    const camera = await screen.findByLabelText<HTMLInputElement>(/拍一张/, undefined, {
      timeout: 5000,
    });
    expect(camera.getAttribute('capture')).toBe('user');
    expect(camera.accept).toBe('image/jpeg,image/png,image/webp');
    const tips = screen.getByRole('list', { name: '拍照小贴士' });
    expect(tips.querySelectorAll('li')).toHaveLength(3);
  });

  it('crops, downscales and sends the blob as multipart with the category, with progress', async () => {
    const fetchMock = mockApi({
      get_categories: ok(CATEGORIES),
      upload_photo: ok({ photo: MY_PHOTO }),
    });
    const { user } = renderApp('/upload');
    const frame = await chooseAndFrame(user);

    // Zoom with the slider, then drag the photo to the right inside the frame.
    const zoom = screen.getByRole('slider', { name: '缩放' });
    fireEvent.change(zoom, { target: { value: '2' } });
    fireEvent.pointerDown(frame, { pointerId: 1, clientX: 100, clientY: 100 });
    fireEvent.pointerMove(frame, { pointerId: 1, clientX: 130, clientY: 100 });
    fireEvent.pointerUp(frame, { pointerId: 1 });

    const select = await screen.findByRole<HTMLSelectElement>('combobox', { name: '分类' });
    await waitFor(() => {
      expect(select.disabled).toBe(false);
    });
    await user.selectOptions(select, '男生');
    await user.click(screen.getByRole('button', { name: '上传' }));

    expect(await screen.findByText('上传成功！你的照片正在定级中')).toBeTruthy();
    const [, state] = vi.mocked(crop.renderCrop).mock.calls[0] ?? [];
    expect(state?.zoom).toBe(2);
    const call = fetchMock.callsTo('upload_photo')[0];
    expect(call?.headers.has('content-type')).toBe(false);
    expect(call?.headers.get('plantype')).toBe('H5');
    const form = call?.body as FormData;
    expect(form.get('category_id')).toBe('2');
    const sent = form.get('file') as File;
    expect(sent.type).toBe('image/jpeg');
    expect(sent.size).toBe(DOWNSCALED.size);
    expect(sent.name).toBe('photo.jpg');
    expect(screen.getByText('定级中')).toBeTruthy();
    expect(screen.getByRole('link', { name: '先去投票' }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('link', { name: '查看我的主页' }).getAttribute('href')).toBe(
      '/profile',
    );
    // No device account was made (the caller had one): nothing to offer to keep.
    expect(screen.queryByTestId('save-account-offer')).toBeNull();
  });

  it('shows the upload progress while the server has not answered', async () => {
    let answer: (value: Answer<'upload_photo'>) => void = () => undefined;
    mockApi({
      get_categories: ok(CATEGORIES),
      upload_photo: () =>
        new Promise((resolve) => {
          answer = resolve;
        }),
    });
    const { user } = renderApp('/upload');
    await chooseAndFrame(user);
    await screen.findByRole('option', { name: '女生' });
    await user.click(screen.getByRole('button', { name: '上传' }));
    const bar = await screen.findByRole('progressbar', { name: '上传进度' });
    // Every byte is out, but the photo is not stored yet: 99, the label and the bar alike.
    await waitFor(() => {
      expect(bar.getAttribute('aria-valuenow')).toBe('99');
    });
    expect(screen.getByTestId('upload-percent').textContent).toBe('上传中… 99%');
    answer(ok({ photo: MY_PHOTO }));
    expect(await screen.findByText('上传成功！你的照片正在定级中')).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  /** A device's first upload: the answer carries the device account's new session. */
  const FIRST_UPLOAD = ok({
    photo: MY_PHOTO,
    token: 'new-tok',
    refresh_token: 'new-r',
    userInfo: USER_INFO,
  });

  async function sendFirstPhoto() {
    const { user } = renderApp('/upload');
    await chooseAndFrame(user);
    await screen.findByRole('option', { name: '女生' });
    await user.click(screen.getByRole('button', { name: '上传' }));
    return user;
  }

  it("keeps the device account's session returned by a first upload", async () => {
    mockApi({
      get_categories: ok(CATEGORIES),
      upload_photo: FIRST_UPLOAD,
    });
    const user = await sendFirstPhoto();
    expect(await screen.findByText('上传成功！你的照片正在定级中')).toBeTruthy();
    expect(localStorage.getItem(CLIENT_STORAGE_KEYS.token)).toBe('new-tok');
    expect(localStorage.getItem(CLIENT_STORAGE_KEYS.refreshToken)).toBe('new-r');
    expect(useUserStore.getState().user?.nickname).toBe('小明');

    // A device account was just made: keeping it is offered, and can be put off.
    const offer = await screen.findByTestId('save-account-offer');
    expect(within(offer).getByRole('heading', { name: '保存你的账号' })).toBeTruthy();
    expect(within(offer).getByRole('button', { name: '生成恢复码' })).toBeTruthy();
    await user.click(within(offer).getByRole('button', { name: '以后再说' }));
    expect(screen.queryByTestId('save-account-offer')).toBeNull();
    // Focus is not dropped on the page's body: it lands on what happened.
    expect(document.activeElement?.textContent).toBe('上传成功！你的照片正在定级中');
  });

  it('shows the recovery code made from the offer after a first upload', async () => {
    mockApi({
      get_categories: ok(CATEGORIES),
      upload_photo: FIRST_UPLOAD,
      create_recovery_code: ok(CODE),
    });
    const user = await sendFirstPhoto();
    const offer = await screen.findByTestId('save-account-offer');
    await user.click(within(offer).getByRole('button', { name: '生成恢复码' }));
    const sheet = await screen.findByRole('dialog', { name: '你的恢复码' });
    expect(within(sheet).getByTestId('recovery-code').textContent).toBe(CODE.code);
    await user.click(within(sheet).getByRole('button', { name: '我已保存' }));
    expect((await within(offer).findByRole('status')).textContent).toContain('已保存');
    expect(within(offer).queryByRole('button', { name: '生成恢复码' })).toBeNull();
  });

  it.each([
    [42900, '操作太频繁，请稍后再试'],
    [40401, '分类不存在'],
  ])('shows the server msg of %i with a retry that sends again', async (code, msg) => {
    let attempts = 0;
    const fetchMock = mockApi({
      get_categories: ok(CATEGORIES),
      upload_photo: () => {
        attempts += 1;
        return attempts === 1 ? fail(code, msg) : ok({ photo: MY_PHOTO });
      },
    });
    const { user } = renderApp('/upload');
    await chooseAndFrame(user);
    await screen.findByRole('option', { name: '女生' });
    await user.click(screen.getByRole('button', { name: '上传' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('上传失败');
    expect(alert.textContent).toContain(msg);
    await user.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByText('上传成功！你的照片正在定级中')).toBeTruthy();
    expect(fetchMock.callsTo('upload_photo')).toHaveLength(2);
    expect(vi.mocked(crop.renderCrop)).toHaveBeenCalledTimes(1);
  });

  it.each([
    [40006, '请选择要上传的照片'],
    [40004, '无法读取这张图片'],
    [40005, '照片太小：短边至少 256 像素'],
    [41300, '照片太大'],
    [41301, '照片像素过多'],
    [41501, '只支持 JPEG、PNG 或 WebP 照片'],
    [40904, '这张照片已经上传过了'],
  ])(
    'refuses the photo (%i) with the server msg and offers another photo, not a retry',
    async (code, msg) => {
      const fetchMock = mockApi({ get_categories: ok(CATEGORIES), upload_photo: fail(code, msg) });
      const { user } = renderApp('/upload');
      await chooseAndFrame(user);
      await screen.findByRole('option', { name: '女生' });
      await user.click(screen.getByRole('button', { name: '上传' }));
      const alert = await screen.findByRole('alert');
      expect(alert.textContent).toContain('上传失败');
      expect(alert.textContent).toContain(msg);
      // Sending the same crop again would be refused again: no retry is offered.
      expect(screen.queryByRole('button', { name: '重试' })).toBeNull();
      await user.click(screen.getByRole('button', { name: '换一张照片' }));
      expect(await screen.findByLabelText(/从相册选择/)).toBeTruthy();
      expect(fetchMock.callsTo('upload_photo')).toHaveLength(1);
    },
  );

  it('says so when the chosen file cannot be read, and stays on the first step', async () => {
    vi.mocked(crop.loadImage).mockRejectedValue(new Error('unreadable image'));
    mockApi({ get_categories: ok(CATEGORIES) });
    const { user } = renderApp('/upload');
    await user.upload(await screen.findByLabelText(/从相册选择/), photoFile());
    expect((await screen.findByRole('alert')).textContent).toContain('无法读取这张照片');
    expect(screen.getByLabelText(/从相册选择/)).toBeTruthy();
  });

  it('moves the photo with the arrow keys and zooms with a pinch', async () => {
    const fetchMock = mockApi({
      get_categories: ok(CATEGORIES),
      upload_photo: ok({ photo: MY_PHOTO }),
    });
    const { user } = renderApp('/upload');
    const frame = await chooseAndFrame(user);
    const zoom = screen.getByRole<HTMLInputElement>('slider', { name: '缩放' });
    // Two pointers moving apart to twice their distance: twice the zoom.
    fireEvent.pointerDown(frame, { pointerId: 1, clientX: 100, clientY: 100 });
    fireEvent.pointerDown(frame, { pointerId: 2, clientX: 140, clientY: 100 });
    fireEvent.pointerMove(frame, { pointerId: 2, clientX: 180, clientY: 100 });
    fireEvent.pointerUp(frame, { pointerId: 2 });
    fireEvent.pointerUp(frame, { pointerId: 1 });
    expect(Number(zoom.value)).toBeCloseTo(2);
    frame.focus();
    await user.keyboard('{ArrowLeft}{ArrowUp}');
    await screen.findByRole('option', { name: '女生' });
    await user.click(screen.getByRole('button', { name: '上传' }));
    await screen.findByText('上传成功！你的照片正在定级中');
    const [, state] = vi.mocked(crop.renderCrop).mock.calls[0] ?? [];
    expect(state?.zoom).toBeCloseTo(2);
    // At 2x the frame shows 1500x2000 image px: each arrow moves the photo by 5 %, 75 px.
    expect(state?.cx).toBeCloseTo(1500 + 75);
    expect(state?.cy).toBeCloseTo(2000 + 75);
    expect(fetchMock.callsTo('upload_photo')).toHaveLength(1);
  });

  it('goes back to choosing another photo from the frame step', async () => {
    mockApi({ get_categories: ok(CATEGORIES) });
    const { user } = renderApp('/upload');
    await chooseAndFrame(user);
    await user.click(screen.getByRole('button', { name: '重新选择' }));
    expect(await screen.findByLabelText(/从相册选择/)).toBeTruthy();
  });
});

describe('upload limits, checked before the photo is framed', () => {
  it('shows what the chosen photo must meet on the choose step', async () => {
    mockApi({ get_categories: ok(CATEGORIES) });
    renderApp('/upload');
    expect((await screen.findByTestId('upload-limits')).textContent).toBe(
      'JPEG/PNG/WebP · 短边 ≥256 像素',
    );
  });

  it('takes a camera photo over 10 MB: only its crop is sent', async () => {
    const fetchMock = mockApi({ get_categories: ok(CATEGORIES) });
    const { user } = renderApp('/upload');
    const big = new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'big.jpg', { type: 'image/jpeg' });
    await user.upload(await screen.findByLabelText(/从相册选择/), big);
    expect(await screen.findByRole('application', { name: /裁剪框/ })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(fetchMock.callsTo('upload_photo')).toHaveLength(0);
  });

  it('refuses a format the server does not take (a HEIC photo)', async () => {
    mockApi({ get_categories: ok(CATEGORIES) });
    renderApp('/upload');
    const heic = new File([new Uint8Array(4096)], 'me.heic', { type: 'image/heic' });
    // The picker's `accept` hides such files; some pickers still hand them over.
    fireEvent.change(await screen.findByLabelText(/从相册选择/), { target: { files: [heic] } });
    expect((await screen.findByRole('alert')).textContent).toBe(
      '只支持 JPEG、PNG 和 WebP 格式的照片',
    );
    expect(vi.mocked(crop.loadImage)).not.toHaveBeenCalled();
  });

  it.each([
    ['a short side under 256 px', { width: 255, height: 400 }],
    ['a wide strip whose 3:4 frame is under 256 px across', { width: 1000, height: 300 }],
  ])('refuses a photo of %s once decoded, and stays on the first step', async (_, size) => {
    vi.mocked(crop.loadImage).mockResolvedValue({
      ...size,
      url: 'blob:preview',
      source: {} as CanvasImageSource,
    });
    const fetchMock = mockApi({ get_categories: ok(CATEGORIES) });
    const { user } = renderApp('/upload');
    await user.upload(await screen.findByLabelText(/从相册选择/), photoFile());
    expect((await screen.findByRole('alert')).textContent).toBe(
      '图片太小了，短边至少需要 256 像素',
    );
    expect(screen.queryByRole('application', { name: /裁剪框/ })).toBeNull();
    expect(screen.getByLabelText(/从相册选择/)).toBeTruthy();
    expect(fetchMock.callsTo('upload_photo')).toHaveLength(0);
  });
});

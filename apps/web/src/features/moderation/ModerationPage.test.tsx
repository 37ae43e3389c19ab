import type { CallResponse } from '@yanzhi/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { USER_INFO, mockApi, ok } from '../../testing/mock-api';
import { renderApp } from '../../testing/render-app';
import { useUserStore } from '../../services/user';

function signInAs(role: 'user' | 'moderator') {
  useUserStore
    .getState()
    .setSession({ token: 'tok', refresh_token: 'r', userInfo: { ...USER_INFO, role } });
}

const ITEM: CallResponse<'get_moderation_queue'>['items'][number] = {
  photo_id: 7,
  owner_id: 3,
  owner_name: '小明',
  state: 'hidden',
  image: {
    url: '/m/7.webp',
    medium_url: '/m/7-m.webp',
    thumb_url: '/m/7-t.webp',
    width: 720,
    height: 960,
    placeholder: 'data:,',
  },
  report_count: 3,
  voices: 2,
  standing_neighbourhoods: 1,
  hide_threshold: 3,
  reasons: [
    { reason: 'spam_or_ads', count: 2 },
    { reason: 'other', count: 1 },
  ],
  notes: ['广告'],
  reports: [
    {
      report_id: 11,
      reporter_user_id: 42,
      reporter_anonymous_id: null,
      neighbourhood: 'v4:203.0.113',
      address: '203.0.113.9',
      with_standing: true,
      reason: 'spam_or_ads',
      reason_text: null,
      notes: '广告',
      created_at: '2026-11-21T00:00:00.000Z',
    },
    {
      report_id: 12,
      reporter_user_id: null,
      reporter_anonymous_id: 'web-abc',
      neighbourhood: 'v4:198.51.100',
      address: null,
      with_standing: false,
      reason: 'spam_or_ads',
      reason_text: null,
      notes: '',
      created_at: '2026-11-21T00:01:00.000Z',
    },
    {
      report_id: 13,
      reporter_user_id: 43,
      reporter_anonymous_id: null,
      neighbourhood: 'v4:192.0.2',
      address: '192.0.2.7',
      with_standing: true,
      reason: 'other',
      reason_text: '照片里有别人的电话号码',
      notes: '',
      created_at: '2026-11-21T00:02:00.000Z',
    },
  ],
  first_reported_at: '2026-11-21T00:00:00.000Z',
};

describe('the moderation page (/admin)', () => {
  it('is for moderators only and asks nothing of the server otherwise', async () => {
    signInAs('user');
    const api = mockApi({
      get_moderation_queue: ok({ items: [], current_page: 1, total_pages: 0, total_items: 0 }),
    });
    renderApp('/admin');
    expect(await screen.findByText('仅限审核员访问')).toBeTruthy();
    expect(api.callsTo('get_moderation_queue')).toHaveLength(0);
  });

  it('lists reported photos with their reasons and notes, and sends a decision', async () => {
    signInAs('moderator');
    let served = false;
    const api = mockApi({
      get_moderation_queue: () => {
        const items = served ? [] : [ITEM];
        return ok({ items, current_page: 1, total_pages: items.length, total_items: items.length });
      },
      moderate_photo: () => {
        served = true;
        return ok({ photo_id: 7, state: 'removed', owner_banned: false });
      },
    });
    renderApp('/admin');
    const item = await screen.findByTestId('moderation-item');
    expect(within(item).getByText('垃圾广告 × 2')).toBeTruthy();
    expect(within(item).getByText('“广告”')).toBeTruthy();
    // A host client's own words are shown where the moderator looks first, and with the reporter.
    expect(within(item).getByText('其他：“照片里有别人的电话号码”')).toBeTruthy();
    expect(within(item).getByText('有信誉的举报来自 1 个网段（3 个即隐藏）')).toBeTruthy();
    const reporters = within(item)
      .getAllByRole('listitem')
      .map((entry) => entry.textContent);
    expect(reporters.find((text) => text.includes('用户 42'))).toContain(
      'v4:203.0.113 · 203.0.113.9',
    );
    expect(reporters.find((text) => text.includes('匿名 web-abc'))).toContain(
      '无信誉 匿名 web-abc · v4:198.51.100 · 地址已删除',
    );
    expect(reporters.find((text) => text.includes('用户 43'))).toContain(
      '192.0.2.7 · 其他：“照片里有别人的电话号码” ·',
    );
    await userEvent.click(within(item).getByRole('button', { name: '移除' }));
    await waitFor(() => {
      expect(api.callsTo('moderate_photo')).toHaveLength(1);
    });
    expect(api.callsTo('moderate_photo')[0]?.body).toEqual({ photo_id: 7, decision: 'remove' });
    expect(await screen.findByText('没有待审核的举报')).toBeTruthy();
  });
});

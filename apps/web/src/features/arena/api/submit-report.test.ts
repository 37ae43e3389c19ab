import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, ok } from '../../../testing/mock-api';
import { submitReport } from './submit-report';

describe('submitReport (spec §5 defaults)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("defaults user_id to '1' and notes to empty", async () => {
    const api = mockApi({ submit_photo_report: ok({ report_id: 1, photo_id: 7 }) });
    await submitReport({ photo_id: 7, reason: 'spam_or_ads' });
    expect(api.callsTo('submit_photo_report')[0]?.body).toEqual({
      photo_id: 7,
      reason: 'spam_or_ads',
      notes: '',
      user_id: '1',
    });
  });

  it('sends the given user and notes unchanged', async () => {
    const api = mockApi({ submit_photo_report: ok({ report_id: 1, photo_id: 7 }) });
    await submitReport({ photo_id: 7, reason: 'other', notes: '盗图', user_id: 42 });
    expect(api.callsTo('submit_photo_report')[0]?.body).toEqual({
      photo_id: 7,
      reason: 'other',
      notes: '盗图',
      user_id: 42,
    });
  });
});

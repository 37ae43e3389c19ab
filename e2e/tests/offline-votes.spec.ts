import path from 'node:path';
import Database from 'better-sqlite3';
import { CLIENT_STORAGE_KEYS } from '@yanzhi/contract';
import { expect, test, type Page } from '@playwright/test';
import { baseUrl } from '../support/server.js';

/**
 * Votes made while the connection drops (ADR 0015): queued with their pair id (the idempotency
 * key), kept across a reload, sent in order when the network is back, and counted once each,
 * also the vote whose request reached the server but whose answer was lost.
 */

interface VoteBody {
  pair_id: string;
  winner_photo_id: number;
  loser_photo_id: number;
  anonymous_id: string;
}

interface VoteAnswer {
  code: number;
  data: { already_recorded: boolean; fuel: number } | null;
}

interface Exchange {
  body: VoteBody;
  /** The server's answer; for the lost one, what the server said and the page never saw. */
  answer: VoteAnswer;
  lost: boolean;
}

async function tapPhoto(page: Page, n: 1 | 2): Promise<void> {
  const photo = page.getByRole('button', { name: `选择照片 ${n}` });
  const box = await photo.boundingBox();
  expect(box, `photo ${n} has a box`).not.toBeNull();
  if (box === null) return;
  await photo.click({ position: { x: box.width / 2, y: box.height * 0.75 } });
}

function storedOutbox(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const raw = window.localStorage.getItem('voteOutbox');
    return raw === null ? [] : (JSON.parse(raw) as { key: string }[]).map((vote) => vote.key);
  });
}

test('votes made offline are sent when the connection returns and each counts exactly once', async ({
  page,
  context,
}) => {
  let pairsServed = 0;
  page.on('response', (response) => {
    if (response.url().endsWith('/api/get_random_photos_for_rating')) pairsServed += 1;
  });

  // Every vote request passes through here; the first one reaches the server, which records it,
  // and then the connection drops before the answer arrives.
  const exchanges: Exchange[] = [];
  let loseNext = true;
  await context.route('**/api/submit_photo_rating', async (route) => {
    const body = route.request().postDataJSON() as VoteBody;
    const response = await route.fetch();
    const answer = (await response.json()) as VoteAnswer;
    if (loseNext) {
      loseNext = false;
      exchanges.push({ body, answer, lost: true });
      await context.setOffline(true);
      await route.abort('internetdisconnected');
      return;
    }
    exchanges.push({ body, answer, lost: false });
    await route.fulfill({ response });
  });

  await page.goto(`${baseUrl()}/`);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null))
    .toBe(true);
  const pair = page.getByTestId('arena-pair');
  await expect(pair).toBeVisible();
  // The pair on screen and three waiting behind it: all that can be voted on offline.
  await expect.poll(() => pairsServed).toBeGreaterThanOrEqual(4);
  const anonymousId = await page.evaluate(
    (key) => window.localStorage.getItem(key),
    CLIENT_STORAGE_KEYS.deviceId,
  );
  expect(anonymousId).toBeTruthy();

  // Vote 1: the server counts it, the answer is lost, the page finds itself offline.
  const voted: string[] = [];
  voted.push((await pair.getAttribute('data-pair-id')) ?? '');
  await tapPhoto(page, 1);
  await expect(page.getByTestId('arena-announcer')).toContainText('已离线保存这一票');
  expect(exchanges).toHaveLength(1);
  expect(exchanges[0]?.answer).toMatchObject({ code: 0, data: { already_recorded: false } });

  // Votes 2-4 offline, on the pairs already fetched; then the arena says it needs the network.
  for (let vote = 2; vote <= 4; vote += 1) {
    await expect(pair).not.toHaveAttribute('data-pair-id', voted.at(-1) ?? '');
    voted.push((await pair.getAttribute('data-pair-id')) ?? '');
    await tapPhoto(page, vote % 2 === 0 ? 2 : 1);
  }
  const offline = page.getByTestId('arena-offline');
  await expect(offline).toBeVisible();
  await expect(page.getByTestId('offline-queued')).toContainText('4 票已保存');
  await expect(page.getByTestId('offline-banner')).toContainText('4 票已保存');
  expect(await storedOutbox(page)).toEqual(voted);
  expect(exchanges).toHaveLength(1);

  // A reload offline loses nothing: the shell comes from the service worker, the queue from storage.
  await page.reload();
  await expect(page.getByTestId('offline-banner')).toContainText('4 票已保存');
  expect(await storedOutbox(page)).toEqual(voted);

  await context.setOffline(false);
  await expect(page.getByTestId('toast').filter({ hasText: '4 张离线投票已发送' })).toBeVisible();
  await expect(page.getByTestId('offline-banner')).toBeHidden();
  expect(await storedOutbox(page)).toEqual([]);

  // The requests: the lost vote once more with the same key and body, then the others, in order.
  expect(exchanges.map((exchange) => exchange.body.pair_id)).toEqual([voted[0], ...voted]);
  expect(exchanges[1]?.body).toEqual(exchanges[0]?.body);
  expect(exchanges[1]?.answer).toMatchObject({ code: 0, data: { already_recorded: true } });
  for (const exchange of exchanges.slice(2)) {
    expect(exchange.answer).toMatchObject({ code: 0, data: { already_recorded: false } });
  }

  // The server's own count: four votes for this voter, one per pair.
  const stats = await page.request.post(`${baseUrl()}/api/get_user_vote_stats`, {
    data: { anonymous_id: anonymousId, user_id: null },
  });
  const statsBody = (await stats.json()) as {
    code: number;
    data: { total_votes: number; fuel: number };
  };
  expect(statsBody.code).toBe(0);
  expect(statsBody.data.total_votes).toBe(4);
  // The fuel shown was reconciled with the server's answers.
  await expect(page.getByTestId('fuel-pill')).toContainText(String(statsBody.data.fuel));

  const dataDir = process.env.E2E_DATA_DIR;
  expect(dataDir, 'global-setup sets E2E_DATA_DIR').toBeTruthy();
  const db = new Database(path.join(dataDir ?? '', 'yanzhi.db'), { readonly: true });
  try {
    const rows = db
      .prepare(
        `select v.pair_id as pair_id, count(*) as n from votes v
           join served_pairs s on s.id = v.pair_id
          where s.anonymous_id = ? group by v.pair_id order by min(v.id)`,
      )
      .all(anonymousId) as { pair_id: string; n: number }[];
    expect(rows).toEqual(voted.map((pairId) => ({ pair_id: pairId, n: 1 })));
  } finally {
    db.close();
  }
});

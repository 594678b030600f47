/**
 * The mahjong pages when the server does not answer at all (stopped, network gone; simulated by
 * refusing the page's requests in Chromium): the replay page's Load button and download buttons
 * say so under the controls (before, Load threw an unhandled "Failed to fetch" and the page kept
 * saying "Load a game log", as if the click had been lost), and the play page's start says which
 * of the two it is instead of the browser's bare "Failed to fetch".
 */
import { describe, expect, it } from 'bun:test';
import type { Page } from 'playwright-core';
import { pageServer } from '../mahjong/test/web/page-server';
import { waitFor } from '../shared/src/testing';

const { base, context } = pageServer();
const NO_ANSWER = 'the server did not answer';

async function open(path: string): Promise<{ page: Page; errors: string[] }> {
  const page = await context().newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${base}${path}`);
  return { page, errors };
}

const statusSays = (page: Page, text: string) =>
  waitFor(async () => ((await page.textContent('#status')) ?? '').includes(text), `#status to say "${text}"`, 15_000);

describe('pages without an answer from the server', () => {
  it('replay: Load and the downloads say the server did not answer, with no unhandled error', async () => {
    const { page, errors } = await open('/replay');
    await waitFor(async () => (await page.locator('#sample option').count()) > 1, 'the sample list', 15_000);
    const sample = await page.locator('#sample option').nth(1).getAttribute('value');
    await page.selectOption('#sample', sample!);
    await page.click('#load-sample');
    await waitFor(() => page.evaluate(() => (window as any).__mj.steps.length > 0), 'the sample to load', 30_000);

    await page.route('**/api/**', (route) => route.abort('connectionrefused'));
    await page.click('[data-export="mjai"]');
    await statusSays(page, `Could not export the game: ${NO_ANSWER}`);
    await page.click('#load-sample');
    await statusSays(page, `Could not fetch ${sample}: ${NO_ANSWER}`);
    expect(errors).toEqual([]);
    await page.close();
  }, 60_000);

  it('play: a new game that gets no answer says so', async () => {
    const { page, errors } = await open('/?anim=0');
    await page.route('**/api/game/**', (route) => route.abort('connectionrefused'));
    await page.click('#start-game');
    await statusSays(page, NO_ANSWER);
    expect(await page.textContent('#status')).not.toContain('Failed to fetch');
    expect(errors).toEqual([]);
    await page.close();
  }, 60_000);
});

import { afterAll, describe, expect, it } from 'bun:test';
import { testApp } from './helpers';

const { call, close } = testApp();
afterAll(close);

describe('pages', () => {
  it.each([['/', 'human'], ['/ai_battle', 'battle'], ['/replay', 'replay']])('serves %s as HTML with its canvas', async (path, page) => {
    const res = await call('GET', path);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(res.text).toContain(`data-page="${page}"`);
    expect(res.text).toContain('<canvas id="table"');
  });

  it('serves the scripts and the style sheet, and nothing outside the web folder', async () => {
    for (const f of ['js/tiles.js', 'js/centre.js', 'js/table-layout.js', 'js/table-pieces.js', 'js/table.js', 'js/common.js', 'js/i18n.js', 'js/stream.js', 'js/human-seat.js', 'js/human-events.js', 'js/human.js', 'js/battle.js', 'js/replay-panel.js', 'js/replay-log.js', 'js/replay.js', 'css/style.css', 'css/replay.css']) {
      expect((await call('GET', `/static/${f}`)).status).toBe(200);
    }
    expect((await call('GET', '/static/..%2F..%2Fapp.ts')).status).toBe(404);
  });

  it('documents the API at /docs and answers health', async () => {
    expect((await call('GET', '/api/health')).json).toEqual({ status: 'ok' });
    const doc = await call('GET', '/docs/json');
    expect(doc.status).toBe(200);
    // The spec's endpoints plus the README's five (speed, delete, sessions, log, mjlog).
    const ops = Object.entries(doc.json.paths as Record<string, Record<string, unknown>>)
      .flatMap(([path, methods]) => Object.keys(methods).map((m) => `${m.toUpperCase()} ${path.replace(/\{session_id\}/, ':id').replace(/\{filename\}/, ':name')}`));
    expect(ops).toEqual(expect.arrayContaining([
      'GET /', 'GET /ai_battle', 'GET /replay', 'POST /api/game/new', 'GET /api/game/:id/state', 'POST /api/game/:id/action',
      'GET /api/game/:id/events', 'GET /api/game/:id/paipu', 'POST /api/replay/load', 'GET /api/replay/builtin',
      'GET /api/replay/builtin/:name', 'POST /api/replay/steps', 'GET /api/health',
      'POST /api/game/:id/speed', 'DELETE /api/game/:id', 'GET /api/sessions', 'GET /api/game/:id/log', 'GET /api/game/:id/mjlog',
    ]));
  });

  it('answers unknown routes with 404 {detail}', async () => {
    const res = await call('GET', '/api/nope');
    expect(res.status).toBe(404);
    expect(res.json.detail).toBe('Not Found');
  });
});

describe('history page', () => {
  it('is served with its script, every page links it, and /docs lists the history endpoints', async () => {
    const page = await call('GET', '/history');
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.text).toContain('data-page="history"');
    expect((await call('GET', '/static/js/history.js')).status).toBe(200);
    for (const path of ['/', '/ai_battle', '/replay', '/history']) expect((await call('GET', path)).text).toContain('<a href="/history"');
    const doc = (await call('GET', '/docs/json')).json;
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/history', '/api/games', '/api/games/{game_id}', '/api/games/{game_id}/export']));
    expect(doc.paths['/api/games'].get.responses['200']).toBeDefined();
  });
});

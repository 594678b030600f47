// The rooms part of the history page: players by rating (GET /api/ratings) and finished room
// games with each player's place, points and rating change (GET /api/room-games). Room games
// are public once finished (names are what the players chose to show), so no token is needed.
(function () {
  'use strict';
  const { el } = window.MJ;
  const box = document.getElementById('room-history');
  if (!box) return;
  const signed = (n) => (n > 0 ? `+${n}` : String(n));
  const FORMATS = [['xml', 'XML'], ['tenhou6', 'tenhou.net/6'], ['mjai', 'mjai']];

  function players(g) {
    return g.names.map((name, seat) => {
      const who = name === null ? `bot (${g.bots[seat]})` : name;
      const change = g.ratings.find((c) => c.seat === seat);
      return `${g.placements[seat]}. ${who} ${signed(g.points[seat])}${change ? ` [R ${signed(change.delta)} → ${Math.round(change.after)}]` : ''}`;
    }).sort().join(' · ');
  }

  async function load() {
    const [ratings, games] = await Promise.all([fetch('/api/ratings').then((r) => r.json()), fetch('/api/room-games').then((r) => r.json())]);
    box.replaceChildren(
      el('h2', {}, 'Rooms'),
      el('table', { id: 'ratings', class: 'history-table' },
        el('thead', {}, el('tr', {}, el('th', {}, 'Player'), el('th', {}, 'Rating'), el('th', {}, 'Rated games'))),
        el('tbody', {}, ratings.ratings.map((r) => el('tr', { 'data-name': r.name }, el('td', {}, r.name), el('td', {}, r.rating.toFixed(2)), el('td', {}, String(r.games)))))),
      el('table', { id: 'room-games', class: 'history-table' },
        el('thead', {}, el('tr', {}, el('th', {}, 'Date'), el('th', {}, 'Length'), el('th', {}, 'Players (place, points, rating)'), el('th', {}, 'Download'))),
        el('tbody', {}, games.games.map((g) => el('tr', { 'data-game': g.game_id },
          el('td', {}, new Date(g.finished_at).toLocaleString()),
          el('td', {}, `${g.max_round === 0 ? 'East' : 'East-South'}${g.seeded ? ', seeded (not rated)' : g.rated ? '' : ', not rated'}`),
          el('td', {}, players(g)),
          el('td', {}, FORMATS.flatMap(([f, label], i) => [i ? ' · ' : '', el('a', { href: `/api/room-games/${g.game_id}/export?format=${f}`, download: '' }, label)])))))),
    );
  }
  load().catch((e) => box.replaceChildren(el('p', {}, `Rooms: ${e.message}`)));
})();

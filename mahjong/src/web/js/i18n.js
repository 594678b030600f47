// Page language: one dictionary per language (English, Japanese, simplified Chinese) with the UI
// labels, winds, calls, yaku by Tenhou id, limits, draw kinds, dan and tile names. The choice is
// kept in localStorage (`mj-lang`; `?lang=ja` sets it too), English by default. A selector is put
// in every page's header; pages re-render through `onChange`. Static labels carry
// `data-i18n="key"` (text; `data-i18n-n` fills its {n}), `data-i18n-title`, `data-i18n-placeholder` or `data-i18n-aria`.
(function (global) {
  'use strict';
  const STORAGE_KEY = 'mj-lang';
  const LANGS = [['en', 'English'], ['ja', '日本語'], ['zh', '中文']];
  const HTML_LANG = { en: 'en', ja: 'ja', zh: 'zh-Hans' };
  const WIND_KEYS = ['E', 'S', 'W', 'N'];

  // Tenhou yaku ids 0–54 (the engine's ids; 52–54 are dora, ura dora, red fives).
  const EN_YAKU = [
    'Menzen tsumo', 'Riichi', 'Ippatsu', 'Chankan', 'Rinshan kaihou', 'Haitei', 'Houtei', 'Pinfu',
    'Tanyao', 'Iipeikou', 'Seat wind East', 'Seat wind South', 'Seat wind West', 'Seat wind North',
    'Round wind East', 'Round wind South', 'Round wind West', 'Round wind North', 'Haku', 'Hatsu',
    'Chun', 'Double riichi', 'Chiitoitsu', 'Chanta', 'Ittsu', 'Sanshoku doujun', 'Sanshoku doukou',
    'Sankantsu', 'Toitoi', 'Sanankou', 'Shousangen', 'Honroutou', 'Ryanpeikou', 'Junchan', 'Honitsu',
    'Chinitsu', 'Renhou', 'Tenhou', 'Chiihou', 'Daisangen', 'Suuankou', 'Suuankou tanki', 'Tsuuiisou',
    'Ryuuiisou', 'Chinroutou', 'Chuuren poutou', 'Junsei chuuren poutou', 'Kokushi musou',
    'Kokushi musou 13-wait', 'Daisuushii', 'Shousuushii', 'Suukantsu', 'Dora', 'Ura dora', 'Red five',
  ];
  const JA_YAKU = [
    '門前清自摸和', '立直', '一発', '槍槓', '嶺上開花', '海底摸月', '河底撈魚', '平和', '断么九', '一盃口',
    '自風 東', '自風 南', '自風 西', '自風 北', '場風 東', '場風 南', '場風 西', '場風 北', '役牌 白', '役牌 發',
    '役牌 中', 'ダブル立直', '七対子', '混全帯么九', '一気通貫', '三色同順', '三色同刻', '三槓子', '対々和', '三暗刻',
    '小三元', '混老頭', '二盃口', '純全帯么九', '混一色', '清一色', '人和', '天和', '地和', '大三元',
    '四暗刻', '四暗刻単騎', '字一色', '緑一色', '清老頭', '九蓮宝燈', '純正九蓮宝燈', '国士無双', '国士無双十三面', '大四喜',
    '小四喜', '四槓子', 'ドラ', '裏ドラ', '赤ドラ',
  ];
  const ZH_YAKU = [
    '门前清自摸和', '立直', '一发', '抢杠', '岭上开花', '海底捞月', '河底捞鱼', '平和', '断幺九', '一杯口',
    '自风 东', '自风 南', '自风 西', '自风 北', '场风 东', '场风 南', '场风 西', '场风 北', '役牌 白', '役牌 发',
    '役牌 中', '两立直', '七对子', '混全带幺九', '一气通贯', '三色同顺', '三色同刻', '三杠子', '对对和', '三暗刻',
    '小三元', '混老头', '两杯口', '纯全带幺九', '混一色', '清一色', '人和', '天和', '地和', '大三元',
    '四暗刻', '四暗刻单骑', '字一色', '绿一色', '清老头', '九莲宝灯', '纯正九莲宝灯', '国士无双', '国士无双十三面', '大四喜',
    '小四喜', '四杠子', '宝牌', '里宝牌', '赤宝牌',
  ];

  const KANJI = ['一', '二', '三', '四', '五', '六', '七', '八', '九', '十'];

  const DICTS = {
    en: {
      ui: {
        'nav.play': 'Play', 'nav.battle': 'AI battle', 'nav.replay': 'Replay', 'nav.history': 'History',
        'lang.label': 'Language',
        'btn.new_game': 'New game', 'btn.start': 'Start', 'btn.cancel': 'Cancel', 'btn.continue': 'Continue',
        'btn.close': 'Close', 'btn.replay_it': 'Replay it', 'btn.ok': 'OK', 'btn.load': 'Load',
        'btn.play': 'Play', 'btn.pause': 'Pause', 'btn.seat': '⟳ Seat',
        'status.not_started': 'Not started', 'status.game_over': 'Game over',
        'status.game': 'Game {id} · {ai} AI', 'status.resumed': 'Game {id} resumed', 'status.running': 'Game {id} running',
        'status.gone': 'That game is no longer on the server', 'status.refused': 'Refused: {msg}',
        'status.could_not_start': 'Could not start: {msg}', 'status.server': 'Server: {msg}',
        'status.bot_replaced': 'P{seat}: {bot} replaced by the {by} AI ({reason})',
        'conn.lost': 'Connection lost — reconnecting…', 'conn.back': 'Reconnected',
        'banner.press_new': 'Press "New game" to start', 'banner.press_start': 'Press Start to watch four AI players',
        'turn.discard': 'Your turn: click a tile to discard.',
        'turn.discard_riichi': 'Your turn: click a tile to discard (a tile marked with an orange dot declares riichi: you then confirm or cancel).',
        'turn.hand_over': 'Hand over.', 'turn.waiting': 'Waiting for the AI players…',
        'dlg.hand_result': 'Hand result', 'dlg.game_over': 'Game over', 'dlg.gone': 'Game not found', 'dlg.gone_text': 'This game is no longer on the server (it ended, expired or was deleted). Its record is in the history if it was finished.', 'btn.history': 'History', 'dlg.new_game': 'New game', 'dlg.could_not_start': 'Could not start',
        'dlg.opponents': 'Opponents', 'dlg.model_file': 'Model file (when "Model file" is chosen)', 'dlg.model_path': 'path of a model file on the server',
        'dlg.seed': 'Seed', 'dlg.length': 'Length', 'len.hanchan': 'East-South (hanchan)', 'len.east': 'East only', 'len.east_south': 'East-South',
        'ai.strong': 'Strong AI', 'ai.heuristic': 'Heuristic AI', 'ai.random': 'Random AI', 'ai.model': 'Model file…',
        'follow.all': 'Watch all', 'follow.seat': 'Follow P{n}',
        'speed.slow': 'Slow', 'speed.medium': 'Medium', 'speed.fast': 'Fast',
        'seat.you': 'you', 'seat.dealer': 'dealer',
        'res.wins_tsumo': '{who} wins by tsumo', 'res.wins_ron': '{who} wins by ron from {from}',
        'res.han_fu': '{han} han {fu} fu', 'res.points': '{n} points', 'res.yaku': '{name} — {han} han',
        'res.draw': 'Draw', 'res.tenpai': 'Tenpai: {who}', 'res.nobody_tenpai': 'Nobody tenpai', 'res.last_hand': 'Last hand',
        'res.banner_win': '{who} wins {points}: {yaku}', 'res.double_ron': 'double ron', 'res.dora': 'Dora indicators', 'res.ura': 'ura',
        'tbl.place': 'place', 'tbl.player': 'player', 'tbl.score': 'score', 'tbl.points': 'points', 'wall.seeded': 'Seeded practice game (seed {seed}): the walls follow the seed; not rated.', 'wall.committed': 'Walls committed: SHA-256 {commitment}', 'wall.revealed': 'Wall secret revealed: {secret} (commitment {commitment}). The Replay page and "mahjong verify" check that it deals every wall of the game.', 'wall.ok': 'Wall commitment verified', 'wall.bad': 'Wall check FAILED', 'wall.info': 'Wall committed', 'wall.practice': 'Seeded practice game', 'tbl.sticks_to_top': '{pts} from {n} riichi stick(s) left on the table at the end go to first place ({who}), as Tenhou does: included in the score above.',
        'tbl.before': 'before', 'tbl.change': 'change', 'tbl.after': 'after', 'res.final': 'Final standings',
        'dl.label': 'Download: ',
        'centre.honba': '{n} honba', 'centre.stick': '{n} stick', 'centre.sticks': '{n} sticks', 'centre.tiles_left': '{n} tiles left',
        'round.label': '{wind} {n}', 'round.honba': ' ({n} honba)',
        'hist.vs_ai': 'vs AI', 'hist.seeded': 'seeded practice (seed {seed}), not rated', 'hist.four_ai': '4 AI', 'hist.east': 'East', 'hist.east_south': 'East-South', 'hist.you': 'you',
        'hist.place_n': ['1st', '2nd', '3rd', '4th'], 'hist.first': '1st: {ai} ({wind})', 'hist.none': 'No games yet: games this browser finishes on this server appear here',
        'hist.count': '{n} games', 'hist.count1': '1 game', 'hist.admin_all': ' (admin: every game)', 'hist.empty': 'No finished games yet',
        'hist.failed': 'Could not load the history: {msg}', 'hist.note': 'Your finished games on this server: the games this browser played (it holds each game\'s key as a cookie no page script can read).',
        'hist.admin': 'Admin', 'hist.admin_token': 'Admin token (shows every game) ', 'hist.use': 'Use', 'hist.forget': 'Forget', 'hist.more': 'More',
        'hist.date': 'Date', 'hist.mode': 'Mode', 'hist.ais': 'AIs', 'hist.place': 'Place', 'hist.points': 'Points', 'hist.replay': 'Replay', 'hist.review': 'Review', 'hist.download': 'Download',
        'an.title': 'Analysis', 'an.unavailable': 'Analysis unavailable: {msg}', 'an.busy': 'Analysing the game…',
        'an.complete': 'complete hand', 'an.tenpai': 'tenpai', 'an.shanten': '{n}-shanten', 'an.furiten': 'furiten',
        'an.furiten_title': 'a winning tile is in its river or passed since its last draw: no ron',
        'an.stops': 'AI: {ai} (the log stops here)', 'an.agrees': '✓ {played} — as the AI would', 'an.differs': 'Played: {played} · AI: {ai}',
        'an.ai': 'AI', 'an.played': 'played', 'an.wait': '{n} wait', 'an.tiles': '{n} tiles',
        'an.discard': 'Discard', 'an.then': 'Then', 'an.waits': 'Waits', 'an.ukeire': 'Ukeire',
        'an.more': '{n} more discards', 'an.more1': '1 more discard',
        'an.to_play': 'To play: {n} legal discards, each with the draws that would then help and the copies of them unseen.',
        'an.to_play1': 'To play: 1 legal discard, with the draws that would then help and the copies of them unseen.',
        'an.waits_left': 'Waits: {n} tiles left', 'an.waits_left1': 'Waits: 1 tile left', 'an.ukeire_line': 'Ukeire: {n} tiles in {k} kinds',
        'an.legend_tg': 'tsumogiri (discarded from the draw) · ', 'an.legend_ai': " {ai} AI's choice (dot on the table) · ", 'an.legend_played': " the player's (tile raised)",
        'an.left': '{tile}: {n} left', 'an.computer': 'computer', 'an.riichi_prefix': 'riichi, ', 'an.drawn_tile': ' (drawn tile)',
        'replay.players': 'Players', 'replay.analysis': 'Analysis', 'replay.sample': 'Built-in sample…',
        'replay.tsumogiri_marks': 'tsumogiri marks', 'replay.load_hint': 'Load a game log',
        'act.discard': 'discard {tile}', 'act.chi_pos': ['chi (low)', 'chi (middle)', 'chi (high)'], 'act.with_red': ' with red 5', 'act.red5': ' (red 5)',
        'auto.win': 'Auto-win', 'auto.no_calls': 'No calls', 'auto.pass': 'Auto-pass',
        'auto.win_tip': 'declare tsumo and ron as soon as they are offered', 'auto.no_calls_tip': 'skip every chi, pon and kan (a ron is still asked)',
        'auto.pass_tip': 'discard each drawn tile and skip every call: the seat plays itself while you are away',
        'seat.waits': 'Waits', 'seat.furiten': 'Furiten', 'seat.tenpai': 'Tenpai', 'seat.noten': 'Noten', 'res.ura_dora': 'Ura dora',
        'pay.ron': 'Ron {n}', 'pay.tsumo': 'Tsumo {nd}/{d}', 'pay.all': 'Tsumo {n} all', 'pay.honba': '+{n} honba', 'pay.sticks': '+{n} riichi sticks',
        'pay.total': '= {n}', 'pay.pao': 'Pao: {who} pays',
        'act.other': 'action {n}',
      },
      call: { chi: 'chi', pon: 'pon', kan: 'kan', ankan: 'closed kan', kakan: 'added kan', riichi: 'riichi', tsumo: 'tsumo', ron: 'ron',
        nine: 'nine terminals', cancel_riichi: 'cancel riichi', skip: 'skip' },
      wind: { E: 'East', S: 'South', W: 'West', N: 'North' },
      seatWind: { E: 'East', S: 'South', W: 'West', N: 'North' },
      yaku: EN_YAKU,
      limit: { mangan: 'mangan', haneman: 'haneman', baiman: 'baiman', sanbaiman: 'sanbaiman', yakuman: 'yakuman', 'kazoe yakuman': 'kazoe yakuman' },
      draw: { exhaustive: 'exhaustive draw', yao9: 'nine terminals', reach4: 'four riichi', ron3: 'three rons', kan4: 'four kans', kaze4: 'four winds', nm: 'nagashi mangan' },
      dan: (d) => (d <= 0 ? 'novice' : d <= 9 ? `${10 - d} kyu` : d <= 19 ? `${d - 9} dan` : 'tenhou'),
      suit: { m: 'm', p: 'p', s: 's' }, honors: ['East', 'South', 'West', 'North', 'White', 'Green', 'Red'], red: (n) => `red ${n}`,
    },
    ja: {
      ui: {
        'nav.play': '対局', 'nav.battle': 'AI対戦', 'nav.replay': '牌譜再生', 'nav.history': '履歴',
        'lang.label': '言語',
        'btn.new_game': '新しい対局', 'btn.start': '開始', 'btn.cancel': 'キャンセル', 'btn.continue': '続ける',
        'btn.close': '閉じる', 'btn.replay_it': '牌譜を見る', 'btn.ok': 'OK', 'btn.load': '読み込む',
        'btn.play': '再生', 'btn.pause': '一時停止', 'btn.seat': '⟳ 視点',
        'status.not_started': '未開始', 'status.game_over': '終局',
        'status.game': '対局 {id} · {ai} AI', 'status.resumed': '対局 {id} を再開', 'status.running': '対局 {id} 進行中',
        'status.gone': 'この対局はサーバーにありません', 'status.refused': '拒否されました: {msg}',
        'status.could_not_start': '開始できません: {msg}', 'status.server': 'サーバー: {msg}',
        'status.bot_replaced': 'P{seat}: {bot} は {by} AI に交代しました ({reason})',
        'conn.lost': '接続が切れました — 再接続中…', 'conn.back': '再接続しました',
        'banner.press_new': '「新しい対局」を押して開始', 'banner.press_start': '「開始」を押すと4人のAIの対局を観戦できます',
        'turn.discard': 'あなたの番です: 牌をクリックして打牌してください。',
        'turn.discard_riichi': 'あなたの番です: 牌をクリックして打牌してください（橙の点の牌で立直を宣言し、確定か取消を選びます）。',
        'turn.hand_over': '局が終わりました。', 'turn.waiting': 'AIの手番を待っています…',
        'dlg.hand_result': '和了結果', 'dlg.game_over': '終局', 'dlg.gone': '対局が見つかりません', 'dlg.gone_text': 'この対局はサーバーにもうありません（終了・期限切れ・削除）。終わった対局は履歴にあります。', 'btn.history': '履歴', 'dlg.new_game': '新しい対局', 'dlg.could_not_start': '開始できません',
        'dlg.opponents': '対戦相手', 'dlg.model_file': 'モデルファイル（「モデルファイル」選択時）', 'dlg.model_path': 'サーバー上のモデルファイルのパス',
        'dlg.seed': 'シード', 'dlg.length': '対局の長さ', 'len.hanchan': '東南戦（半荘）', 'len.east': '東風戦', 'len.east_south': '東南戦',
        'ai.strong': '強いAI', 'ai.heuristic': 'ヒューリスティックAI', 'ai.random': 'ランダムAI', 'ai.model': 'モデルファイル…',
        'follow.all': '全員を見る', 'follow.seat': 'P{n} を追う',
        'speed.slow': '遅い', 'speed.medium': '普通', 'speed.fast': '速い',
        'seat.you': 'あなた', 'seat.dealer': '親',
        'res.wins_tsumo': '{who} ツモ和了', 'res.wins_ron': '{who} ロン和了（放銃: {from}）',
        'res.han_fu': '{fu}符{han}飜', 'res.points': '{n}点', 'res.yaku': '{name} {han}飜',
        'res.draw': '流局', 'res.tenpai': '聴牌: {who}', 'res.nobody_tenpai': '全員不聴', 'res.last_hand': '最終局',
        'res.banner_win': '{who} 和了 {points}点: {yaku}', 'res.double_ron': 'ダブロン', 'res.dora': 'ドラ表示牌', 'res.ura': '裏ドラ',
        'tbl.place': '順位', 'tbl.player': 'プレイヤー', 'tbl.score': '点数', 'tbl.points': 'ポイント', 'wall.seeded': 'シード指定の練習対局 (シード {seed}): 山はシードで決まります。レート対象外。', 'wall.committed': '山のコミットメント: SHA-256 {commitment}', 'wall.revealed': '山の秘密値を公開: {secret} (コミットメント {commitment})。リプレイ画面と "mahjong verify" で全局の山を検証できます。', 'wall.ok': '山のコミットメントを検証しました', 'wall.bad': '山の検証に失敗', 'wall.info': '山はコミット済み', 'wall.practice': 'シード指定の練習対局', 'tbl.sticks_to_top': '終局時に場に残ったリーチ棒 {n} 本 ({pts} 点) はトップ ({who}) が獲得します (天鳳ルール)。上の点数に含まれています。',
        'tbl.before': '局前', 'tbl.change': '収支', 'tbl.after': '局後', 'res.final': '最終結果',
        'dl.label': 'ダウンロード: ',
        'centre.honba': '{n}本場', 'centre.stick': '供託 {n}', 'centre.sticks': '供託 {n}', 'centre.tiles_left': '残り {n} 枚',
        'round.label': '{wind}{n}局', 'round.honba': ' {n}本場',
        'hist.vs_ai': 'AI対局', 'hist.seeded': 'シード指定の練習 (シード {seed})、レート対象外', 'hist.four_ai': 'AI4人', 'hist.east': '東風戦', 'hist.east_south': '東南戦', 'hist.you': 'あなた',
        'hist.place_n': ['1位', '2位', '3位', '4位'], 'hist.first': '1位: {ai}（{wind}）', 'hist.none': 'まだ対局はありません: このブラウザがこのサーバーで終えた対局がここに表示されます',
        'hist.count': '{n} 局', 'hist.count1': '1 局', 'hist.admin_all': '（管理者: すべての対局）', 'hist.empty': '終了した対局はまだありません',
        'hist.failed': '履歴を読み込めません: {msg}', 'hist.note': 'このサーバーで終えた対局: このブラウザが打った対局（各対局の鍵はページのスクリプトから読めないクッキーに保持されます）。',
        'hist.admin': '管理者', 'hist.admin_token': '管理者トークン（すべての対局を表示） ', 'hist.use': '使う', 'hist.forget': '消去', 'hist.more': 'さらに表示',
        'hist.date': '日時', 'hist.mode': 'モード', 'hist.ais': 'AI', 'hist.place': '順位', 'hist.points': 'ポイント', 'hist.replay': '牌譜', 'hist.review': '検討', 'hist.download': 'ダウンロード',
        'an.title': '検討', 'an.unavailable': '検討できません: {msg}', 'an.busy': '検討中…',
        'an.complete': '和了形', 'an.tenpai': '聴牌', 'an.shanten': '{n}向聴', 'an.furiten': 'フリテン',
        'an.furiten_title': '和了牌が自分の河にあるか、最後のツモ以降に見逃した: ロンできない',
        'an.stops': 'AI: {ai}（牌譜はここまで）', 'an.agrees': '✓ {played} — AIと一致', 'an.differs': '実戦: {played} · AI: {ai}',
        'an.ai': 'AI', 'an.played': '実戦', 'an.wait': '{n}枚待ち', 'an.tiles': '{n}枚',
        'an.discard': '打牌', 'an.then': '打牌後', 'an.waits': '待ち', 'an.ukeire': '受け入れ',
        'an.more': '他 {n} 通りの打牌', 'an.more1': '他 1 通りの打牌',
        'an.to_play': '打牌: 合法打牌 {n} 通り、それぞれの有効牌と残り枚数。',
        'an.to_play1': '打牌: 合法打牌 1 通り、その有効牌と残り枚数。',
        'an.waits_left': '待ち: 残り {n} 枚', 'an.waits_left1': '待ち: 残り 1 枚', 'an.ukeire_line': '受け入れ: {k} 種 {n} 枚',
        'an.legend_tg': 'ツモ切り · ', 'an.legend_ai': ' {ai} AIの選択（卓上の点） · ', 'an.legend_played': ' 実戦の打牌（浮いた牌）',
        'an.left': '{tile}: 残り {n} 枚', 'an.computer': 'コンピュータ', 'an.riichi_prefix': 'リーチ、', 'an.drawn_tile': '（ツモ切り）',
        'replay.players': 'プレイヤー', 'replay.analysis': '検討', 'replay.sample': '内蔵サンプル…',
        'replay.tsumogiri_marks': 'ツモ切り表示', 'replay.load_hint': '牌譜を読み込んでください',
        'act.discard': '打{tile}', 'act.chi_pos': ['チー（下）', 'チー（中）', 'チー（上）'], 'act.with_red': '（赤5）', 'act.red5': '（赤5）',
        'auto.win': '自動和了', 'auto.no_calls': '鳴きなし', 'auto.pass': '自動ツモ切り',
        'auto.win_tip': 'ツモ・ロンを自動で和了', 'auto.no_calls_tip': 'チー・ポン・カンをしない（ロンは確認）',
        'auto.pass_tip': 'ツモ切りを続け、鳴きをすべて見送る',
        'seat.waits': '待ち', 'seat.furiten': 'フリテン', 'seat.tenpai': '聴牌', 'seat.noten': 'ノーテン', 'res.ura_dora': '裏ドラ',
        'pay.ron': 'ロン {n}', 'pay.tsumo': 'ツモ {nd}/{d}', 'pay.all': 'ツモ {n}オール', 'pay.honba': '積み棒 +{n}', 'pay.sticks': '供託 +{n}',
        'pay.total': '計 {n}', 'pay.pao': '包: {who}',
        'act.other': '操作 {n}',
      },
      call: { chi: 'チー', pon: 'ポン', kan: 'カン', ankan: '暗槓', kakan: '加槓', riichi: 'リーチ', tsumo: 'ツモ', ron: 'ロン',
        nine: '九種九牌', cancel_riichi: 'リーチ取消', skip: 'スキップ' },
      wind: { E: '東', S: '南', W: '西', N: '北' },
      seatWind: { E: '東家', S: '南家', W: '西家', N: '北家' },
      yaku: JA_YAKU,
      limit: { mangan: '満貫', haneman: '跳満', baiman: '倍満', sanbaiman: '三倍満', yakuman: '役満', 'kazoe yakuman': '数え役満' },
      draw: { exhaustive: '流局', yao9: '九種九牌', reach4: '四家立直', ron3: '三家和了', kan4: '四槓散了', kaze4: '四風連打', nm: '流し満貫' },
      // As Tenhou writes ranks: 新人, ９級…１級 (full-width digits), 初段…十段, 天鳳.
      dan: (d) => (d <= 0 ? '新人' : d <= 9 ? `${String.fromCharCode(0xff10 + 10 - d)}級` : d <= 19 ? `${d === 10 ? '初' : KANJI[d - 10]}段` : '天鳳'),
      suit: { m: '萬', p: '筒', s: '索' }, honors: ['東', '南', '西', '北', '白', '發', '中'], red: (n) => `赤${n}`,
    },
    zh: {
      ui: {
        'nav.play': '对局', 'nav.battle': 'AI对战', 'nav.replay': '牌谱回放', 'nav.history': '历史',
        'lang.label': '语言',
        'btn.new_game': '新对局', 'btn.start': '开始', 'btn.cancel': '取消', 'btn.continue': '继续',
        'btn.close': '关闭', 'btn.replay_it': '查看牌谱', 'btn.ok': '确定', 'btn.load': '载入',
        'btn.play': '播放', 'btn.pause': '暂停', 'btn.seat': '⟳ 视角',
        'status.not_started': '未开始', 'status.game_over': '终局',
        'status.game': '对局 {id} · {ai} AI', 'status.resumed': '已恢复对局 {id}', 'status.running': '对局 {id} 进行中',
        'status.gone': '服务器上已没有该对局', 'status.refused': '被拒绝: {msg}',
        'status.could_not_start': '无法开始: {msg}', 'status.server': '服务器: {msg}',
        'status.bot_replaced': 'P{seat}: {bot} 已由 {by} AI 接替 ({reason})',
        'conn.lost': '连接已断开 — 正在重连…', 'conn.back': '已重新连接',
        'banner.press_new': '点击「新对局」开始', 'banner.press_start': '点击「开始」观看四个AI对局',
        'turn.discard': '轮到你了: 点击一张牌打出。',
        'turn.discard_riichi': '轮到你了: 点击一张牌打出（带橙点的牌会宣告立直，之后确认或取消）。',
        'turn.hand_over': '本局结束。', 'turn.waiting': '等待AI行动…',
        'dlg.hand_result': '和牌结果', 'dlg.game_over': '终局', 'dlg.gone': '找不到对局', 'dlg.gone_text': '服务器上已没有该对局（已结束、过期或被删除）。已完成的对局可在历史记录中查看。', 'btn.history': '历史', 'dlg.new_game': '新对局', 'dlg.could_not_start': '无法开始',
        'dlg.opponents': '对手', 'dlg.model_file': '模型文件（选择「模型文件」时）', 'dlg.model_path': '服务器上模型文件的路径',
        'dlg.seed': '种子', 'dlg.length': '对局长度', 'len.hanchan': '东南战（半庄）', 'len.east': '东风战', 'len.east_south': '东南战',
        'ai.strong': '强AI', 'ai.heuristic': '启发式AI', 'ai.random': '随机AI', 'ai.model': '模型文件…',
        'follow.all': '观看全部', 'follow.seat': '跟随 P{n}',
        'speed.slow': '慢', 'speed.medium': '中', 'speed.fast': '快',
        'seat.you': '你', 'seat.dealer': '庄家',
        'res.wins_tsumo': '{who} 自摸和牌', 'res.wins_ron': '{who} 荣和（放铳: {from}）',
        'res.han_fu': '{fu}符{han}番', 'res.points': '{n}点', 'res.yaku': '{name} {han}番',
        'res.draw': '流局', 'res.tenpai': '听牌: {who}', 'res.nobody_tenpai': '全员未听牌', 'res.last_hand': '最后一局',
        'res.banner_win': '{who} 和牌 {points}点: {yaku}', 'res.double_ron': '一炮双响', 'res.dora': '宝牌指示牌', 'res.ura': '里宝牌',
        'tbl.place': '名次', 'tbl.player': '玩家', 'tbl.score': '点数', 'tbl.points': '得分', 'wall.seeded': '指定种子的练习对局 (种子 {seed})：牌山由种子决定，不计等级分。', 'wall.committed': '牌山承诺: SHA-256 {commitment}', 'wall.revealed': '牌山密钥已公开: {secret} (承诺 {commitment})。回放页面和 "mahjong verify" 可验证它生成了每一局的牌山。', 'wall.ok': '牌山承诺已验证', 'wall.bad': '牌山验证失败', 'wall.info': '牌山已承诺', 'wall.practice': '指定种子的练习对局', 'tbl.sticks_to_top': '终局时场上剩余的 {n} 根立直棒 ({pts} 点) 归第一名 ({who})（天凤规则），已计入上方点数。',
        'tbl.before': '局前', 'tbl.change': '变动', 'tbl.after': '局后', 'res.final': '最终排名',
        'dl.label': '下载: ',
        'centre.honba': '{n}本场', 'centre.stick': '供托 {n}', 'centre.sticks': '供托 {n}', 'centre.tiles_left': '余 {n} 张',
        'round.label': '{wind}{n}局', 'round.honba': ' {n}本场',
        'hist.vs_ai': '人机对局', 'hist.seeded': '指定种子的练习 (种子 {seed})，不计等级分', 'hist.four_ai': '4 AI', 'hist.east': '东风战', 'hist.east_south': '东南战', 'hist.you': '你',
        'hist.place_n': ['第1', '第2', '第3', '第4'], 'hist.first': '第1: {ai}（{wind}）', 'hist.none': '暂无对局: 本浏览器在此服务器上完成的对局会显示在这里',
        'hist.count': '{n} 局', 'hist.count1': '1 局', 'hist.admin_all': '（管理员: 全部对局）', 'hist.empty': '暂无已结束的对局',
        'hist.failed': '无法载入历史: {msg}', 'hist.note': '你在此服务器上完成的对局: 本浏览器打过的对局（每局的密钥保存在页面脚本无法读取的 Cookie 中）。',
        'hist.admin': '管理员', 'hist.admin_token': '管理员令牌（显示全部对局） ', 'hist.use': '使用', 'hist.forget': '清除', 'hist.more': '更多',
        'hist.date': '日期', 'hist.mode': '模式', 'hist.ais': 'AI', 'hist.place': '名次', 'hist.points': '得分', 'hist.replay': '牌谱', 'hist.review': '复盘', 'hist.download': '下载',
        'an.title': '分析', 'an.unavailable': '无法分析: {msg}', 'an.busy': '正在分析…',
        'an.complete': '和牌型', 'an.tenpai': '听牌', 'an.shanten': '{n}向听', 'an.furiten': '振听',
        'an.furiten_title': '和牌张在自己的牌河中，或自上次摸牌后已放过: 不能荣和',
        'an.stops': 'AI: {ai}（牌谱到此为止）', 'an.agrees': '✓ {played} — 与AI一致', 'an.differs': '实战: {played} · AI: {ai}',
        'an.ai': 'AI', 'an.played': '实战', 'an.wait': '听{n}张', 'an.tiles': '{n}张',
        'an.discard': '打牌', 'an.then': '打后', 'an.waits': '听牌', 'an.ukeire': '进张',
        'an.more': '另外 {n} 种打法', 'an.more1': '另外 1 种打法',
        'an.to_play': '打牌: {n} 种合法打法，各自的有效进张及剩余张数。',
        'an.to_play1': '打牌: 1 种合法打法，其有效进张及剩余张数。',
        'an.waits_left': '听牌: 剩余 {n} 张', 'an.waits_left1': '听牌: 剩余 1 张', 'an.ukeire_line': '进张: {k} 种 {n} 张',
        'an.legend_tg': '摸切 · ', 'an.legend_ai': ' {ai} AI的选择（桌上的点） · ', 'an.legend_played': ' 实战的打牌（抬起的牌）',
        'an.left': '{tile}: 剩余 {n} 张', 'an.computer': '电脑', 'an.riichi_prefix': '立直，', 'an.drawn_tile': '（摸切）',
        'replay.players': '玩家', 'replay.analysis': '分析', 'replay.sample': '内置样例…',
        'replay.tsumogiri_marks': '摸切标记', 'replay.load_hint': '请载入牌谱',
        'act.discard': '打{tile}', 'act.chi_pos': ['吃（下）', '吃（中）', '吃（上）'], 'act.with_red': '（红5）', 'act.red5': '（红5）',
        'auto.win': '自动和牌', 'auto.no_calls': '不吃碰杠', 'auto.pass': '自动摸切',
        'auto.win_tip': '可以自摸或荣和时自动和牌', 'auto.no_calls_tip': '不吃、不碰、不杠（荣和仍会询问）',
        'auto.pass_tip': '自动打出摸到的牌并跳过所有鸣牌',
        'seat.waits': '听', 'seat.furiten': '振听', 'seat.tenpai': '听牌', 'seat.noten': '未听', 'res.ura_dora': '里宝牌',
        'pay.ron': '荣和 {n}', 'pay.tsumo': '自摸 {nd}/{d}', 'pay.all': '自摸 各{n}', 'pay.honba': '本场 +{n}', 'pay.sticks': '供托 +{n}',
        'pay.total': '共 {n}', 'pay.pao': '包牌: {who}',
        'act.other': '操作 {n}',
      },
      call: { chi: '吃', pon: '碰', kan: '杠', ankan: '暗杠', kakan: '加杠', riichi: '立直', tsumo: '自摸', ron: '荣和',
        nine: '九种九牌', cancel_riichi: '取消立直', skip: '跳过' },
      wind: { E: '东', S: '南', W: '西', N: '北' },
      seatWind: { E: '东家', S: '南家', W: '西家', N: '北家' },
      yaku: ZH_YAKU,
      limit: { mangan: '满贯', haneman: '跳满', baiman: '倍满', sanbaiman: '三倍满', yakuman: '役满', 'kazoe yakuman': '累计役满' },
      draw: { exhaustive: '荒牌流局', yao9: '九种九牌', reach4: '四家立直', ron3: '三家和了', kan4: '四杠散了', kaze4: '四风连打', nm: '流局满贯' },
      dan: (d) => (d <= 0 ? '新人' : d <= 9 ? `${10 - d}级` : d <= 19 ? `${d === 10 ? '初' : KANJI[d - 10]}段` : '天凤'),
      suit: { m: '万', p: '筒', s: '条' }, honors: ['东', '南', '西', '北', '白', '发', '中'], red: (n) => `红${n}`,
    },
  };

  const listeners = [];
  let current = 'en';
  try {
    const asked = new URLSearchParams(global.location ? global.location.search : '').get('lang');
    const saved = global.localStorage && global.localStorage.getItem(STORAGE_KEY);
    const pick = [asked, saved].find((l) => l && DICTS[l]);
    if (pick) current = pick;
    if (asked && DICTS[asked]) global.localStorage.setItem(STORAGE_KEY, asked);
  } catch { /* no storage (private mode, tests): English */ }

  const dict = (lang) => DICTS[lang || current] || DICTS.en;
  const fill = (text, vars) => (vars ? String(text).replace(/\{(\w+)\}/g, (m, k) => (vars[k] != null ? String(vars[k]) : m)) : text);

  /** A UI label: `t('centre.honba', { n: 2 })`; missing keys fall back to English, then to the key. */
  function t(key, vars, lang) {
    const d = dict(lang).ui;
    return fill(key in d ? d[key] : key in DICTS.en.ui ? DICTS.en.ui[key] : key, vars);
  }
  const windKey = (w) => (typeof w === 'number' ? WIND_KEYS[w] : { East: 'E', South: 'S', West: 'W', North: 'N' }[w] || w);
  /** A wind by 0–3, 'E'…'N' or 'East'…'North'. */
  const windName = (w, lang) => dict(lang).wind[windKey(w)] || String(w);
  const seatWindName = (w, lang) => dict(lang).seatWind[windKey(w)] || String(w);
  /** A yaku by Tenhou id; `fallback` (the server's name) when the id is unknown. */
  const yakuName = (id, fallback, lang) => dict(lang).yaku[id] || fallback || `yaku ${id}`;
  const limitName = (name, lang) => (name ? dict(lang).limit[name] || name : '');
  const drawName = (kind, fallback, lang) => dict(lang).draw[kind] || fallback || kind;
  const callName = (call, lang) => dict(lang).call[call] || call;
  /** Tenhou's rank index: 0 novice, 1–9 9–1 kyu, 10–19 1–10 dan, 20 tenhou. */
  const danName = (dan, lang) => dict(lang).dan(Number(dan) || 0);
  /** A hand's name: `East 1 (2 honba)`, `東1局 2本場`, `东1局 2本场`; round 0–15 (E1…N4). */
  function roundLabel(round, honba, lang) {
    const label = t('round.label', { wind: windName(Math.floor(round / 4) % 4, lang), n: (round % 4) + 1 }, lang);
    return honba ? label + t('round.honba', { n: honba }, lang) : label;
  }
  /** A tile by Tenhou id (0–135), kind (`{kind, red}`) or notation: `5p`, `red 5p`, `赤5筒`, `East`, `東`. */
  function tileName(tile, lang) {
    // tiles.js loads before this file on every page.
    const n = global.MJTiles.normTile(tile);
    if (!n) return '?';
    const d = dict(lang);
    if (n.kind >= 27) return d.honors[n.kind - 27];
    const name = `${(n.kind % 9) + 1}${d.suit['mps'[Math.floor(n.kind / 9)]]}`;
    return n.red ? d.red(name) : name;
  }
  /** The suit letter m/p/s as the language writes it after a number. */
  const suitName = (suit, lang) => dict(lang).suit[suit] || suit;

  /** Human-readable name of an action index (mahjong/README.md, Actions). */
  function actionName(a, lang) {
    const c = (k) => callName(k, lang);
    if (a < 34) return t('act.discard', { tile: tileName({ kind: a, red: false }, lang) }, lang);
    if (a <= 36) return t('act.discard', { tile: tileName({ kind: 4 + 9 * (a - 34), red: true }, lang) }, lang);
    if (a <= 42) return dict(lang).ui['act.chi_pos'][(a - 37) % 3] + (a >= 40 ? t('act.with_red', null, lang) : '');
    const names = { 43: c('pon'), 44: c('pon') + t('act.with_red', null, lang), 45: c('ankan'), 46: c('kan'), 47: c('kakan'), 48: c('riichi'),
      49: c('ron'), 50: c('tsumo'), 51: c('nine'), 52: c('cancel_riichi'), 53: c('skip') };
    return names[a] || t('act.other', { n: a }, lang);
  }

  /** Applies the language to static labels under `root` (data-i18n*, and <html lang>). */
  function apply(root) {
    const doc = global.document;
    if (!doc) return;
    doc.documentElement.lang = HTML_LANG[current];
    const scope = root || doc;
    for (const e of scope.querySelectorAll('[data-i18n]')) e.textContent = t(e.dataset.i18n, e.dataset.i18nN != null ? { n: e.dataset.i18nN } : null);
    for (const e of scope.querySelectorAll('[data-i18n-title]')) e.title = t(e.dataset.i18nTitle);
    for (const e of scope.querySelectorAll('[data-i18n-placeholder]')) e.placeholder = t(e.dataset.i18nPlaceholder);
    for (const e of scope.querySelectorAll('[data-i18n-aria]')) e.setAttribute('aria-label', t(e.dataset.i18nAria));
  }

  function setLang(lang) {
    if (!DICTS[lang] || lang === current) return;
    current = lang;
    try { global.localStorage.setItem(STORAGE_KEY, lang); } catch { /* this page only */ }
    apply();
    const sel = global.document && global.document.getElementById('lang');
    if (sel) sel.value = lang;
    for (const fn of listeners) {
      try { fn(lang); } catch (e) { console.error(e); }
    }
  }

  /** Calls `fn(lang)` after every change of language (pages redraw what they rendered). */
  const onChange = (fn) => { listeners.push(fn); };

  /** The language selector (<select id="lang">), added at the end of the page header. */
  function selector() {
    const doc = global.document;
    const sel = doc.createElement('select');
    sel.id = 'lang';
    sel.setAttribute('data-i18n-aria', 'lang.label');
    sel.setAttribute('aria-label', t('lang.label'));
    for (const [code, name] of LANGS) {
      const o = doc.createElement('option');
      o.value = code; o.textContent = name; o.lang = HTML_LANG[code];
      sel.append(o);
    }
    sel.value = current;
    sel.onchange = () => setLang(sel.value);
    return sel;
  }

  function mount() {
    const doc = global.document;
    const header = doc.querySelector('header');
    if (header && !doc.getElementById('lang')) header.append(selector());
    apply();
  }
  if (global.document) {
    if (global.document.readyState === 'loading') global.document.addEventListener('DOMContentLoaded', mount);
    else mount();
  }

  global.MJI18n = {
    LANGS: LANGS.map(([code]) => code), DICTS, lang: () => current, setLang, onChange, apply, selector, t,
    windName, seatWindName, yakuName, limitName, drawName, callName, danName, roundLabel, tileName, suitName, actionName,
  };
})(typeof window !== 'undefined' ? window : globalThis);

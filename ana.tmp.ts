import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadText } from './mahjong/src/modules/replay/service';
import { reviewGame } from './mahjong/src/modules/review/review';
const dir = 'mahjong/test/fixtures/data/mjlog';
const seen = new Set<string>();
const cnt: Record<string, number> = {};
const inc = (k: string) => { cnt[k] = (cnt[k] ?? 0) + 1; };
for (const f of readdirSync(dir).filter((f) => f.endsWith('.mjlog')).sort()) {
  const text = readFileSync(join(dir, f), 'utf8');
  if (seen.has(text)) continue; seen.add(text);
  if (parseInt(createHash('sha256').update(text).digest('hex')[0]!, 16) < 8) continue;
  let p; try { p = loadText(text).paipu; } catch { continue; }
  for (const d of reviewGame(p).decisions) {
    if (d.kind !== 'riichi') continue;
    const pl = d.options[d.played.option]!, en = d.options[d.engine.option]!;
    const pr = pl.riichi ? 'R' : pl.shanten === 0 ? 'dama' : 'notenpai';
    if (pr === 'notenpai') continue;
    const dama = d.options.filter((o) => !o.riichi && o.shanten === 0).sort((a, b) => b.ev - a.ev)[0];
    const yaku = dama && dama.value > 0 && dama.win > 0.3 ? 'yaku' : 'noyaku';
    const v = !dama ? 'x' : dama.value >= 7700 ? 'big' : dama.value >= 3900 ? 'mid' : dama.value > 0 ? 'small' : 'zero';
    const threat = d.options[0]!.risk.some((r) => r.riichi) ? 'vsRiichi' : 'free';
    const w = pl.ukeire <= 4 ? 'badwait' : 'goodwait';
    inc(`${pr}: ${yaku} ${v} ${threat} ${w}`);
  }
}
console.log(Object.entries(cnt).sort());

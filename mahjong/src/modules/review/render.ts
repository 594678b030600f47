/**
 * The review as text (the CLI's default output) and as one self-contained HTML page
 * (`mahjong review --html`): summary per seat, then every decision with its options; mistakes are
 * marked and each links to the next one.
 */
import { tileText } from '../replay/describe';
import type { ReviewDecision, ReviewReport } from './model';

const pct = (x: number | null) => (x === null ? '—' : `${(x * 100).toFixed(1)} %`);

export function reviewText(r: ReviewReport, all = false): string {
  const lines = [`review by ${r.engine} (mistakes: small ≥ ${r.thresholds.small}, medium ≥ ${r.thresholds.medium}, large ≥ ${r.thresholds.large} points lost)`, ''];
  lines.push('seat  player            decisions  agreement  riichi     calls      small medium large  loss    rating');
  for (const s of r.summary) {
    lines.push(`${String(s.seat).padEnd(4)}  ${(s.name || `P${s.seat}`).slice(0, 16).padEnd(16)}  ${String(s.decisions).padStart(9)}  ${pct(s.agreement).padStart(9)}  ${pct(s.by_kind.riichi.rate).padStart(9)}  ${pct(s.by_kind.call.rate).padStart(9)}  ${String(s.mistakes.small).padStart(5)} ${String(s.mistakes.medium).padStart(6)} ${String(s.mistakes.large).padStart(5)}  ${String(Math.round(s.loss)).padStart(6)}  ${s.rating.toFixed(1).padStart(6)}`);
  }
  const shown = r.decisions.filter((d) => (all ? !d.agrees : d.severity === 'medium' || d.severity === 'large'));
  if (shown.length) lines.push('', all ? 'disagreements:' : 'medium and large mistakes:');
  for (const d of shown) lines.push(`  ${d.round_label.padEnd(18)} step ${String(d.step).padStart(4)}  P${d.seat}  ${d.kind.padEnd(7)}  played ${d.played.text}, engine ${d.engine.text}: −${d.loss} (${d.severity})`);
  return `${lines.join('\n')}\n`;
}

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }[c]!));

function decisionHtml(d: ReviewDecision, next: number | null): string {
  const rows = d.options.map((o, i) => {
    const mark = [i === d.engine.option ? 'engine' : '', i === d.played.option ? 'played' : ''].filter(Boolean).join(', ');
    const risk = o.risk.map((x) => `P${x.seat}${x.riichi ? ' riichi' : ''}: ${(x.tenpai * x.deal_in * 100).toFixed(1)} %`).join('; ');
    return `<tr class="${mark.replace(', ', ' ')}"><td>${esc(o.text)}</td><td>${o.shanten}</td><td>${o.ukeire}</td><td>${o.value}</td><td>${(o.win * 100).toFixed(1)} %</td><td>${esc(risk) || '—'}</td><td>${o.ev}</td><td>${mark}</td></tr>`;
  }).join('');
  const target = d.target === null ? '' : ` on ${esc(tileText(d.target))}`;
  const link = next === null ? '' : ` <a href="#d${next}">next mistake ↓</a>`;
  return `<section id="d${d.index}" class="decision ${d.severity}"><h3>${esc(d.round_label)} · step ${d.step} · P${d.seat} · ${d.kind}${target} — ${d.agrees ? 'agrees' : `${d.severity} (−${d.loss})`}${link}</h3>`
    + `<p>hand ${esc(d.hand.map(tileText).join(' '))}; played <b>${esc(d.played.text)}</b>, engine <b>${esc(d.engine.text)}</b></p>`
    + `<table><tr><th>option</th><th>shanten</th><th>ukeire</th><th>value</th><th>win</th><th>deal-in (tenpai × hit)</th><th>ev</th><th></th></tr>${rows}</table></section>`;
}

export function reviewHtml(r: ReviewReport, title = 'Game review'): string {
  const mistakes = r.decisions.filter((d) => d.severity !== 'none').map((d) => d.index);
  const nextOf = (i: number) => mistakes.find((m) => m > i) ?? null;
  const summary = r.summary.map((s) => `<tr><td>P${s.seat}</td><td>${esc(s.name)}</td><td>${s.decisions}</td><td>${pct(s.agreement)}</td><td>${pct(s.by_kind.riichi.rate)}</td><td>${pct(s.by_kind.call.rate)}</td><td>${s.mistakes.small}</td><td>${s.mistakes.medium}</td><td>${s.mistakes.large}</td><td>${Math.round(s.loss)}</td><td>${s.rating.toFixed(1)}</td></tr>`).join('');
  const first = mistakes.length ? `<p><a href="#d${mistakes[0]}">first mistake ↓</a></p>` : '<p>no mistakes</p>';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${esc(title)}</title><style>
body{font:14px system-ui,sans-serif;background:#111;color:#ddd;margin:1.5em}table{border-collapse:collapse;margin:.4em 0}td,th{border:1px solid #333;padding:2px 6px;text-align:right}
td:first-child,th:first-child{text-align:left}.decision{border-left:4px solid #333;padding-left:8px;margin:1em 0}.small{border-color:#cc3}.medium{border-color:#e80}.large{border-color:#e33}
tr.engine td{background:#123}tr.played td{background:#321}tr.engine.played td{background:#132}a{color:#8cf}</style></head><body>
<h1>${esc(title)}</h1><p>engine: ${esc(r.engine)}; mistakes by value lost: small ≥ ${r.thresholds.small}, medium ≥ ${r.thresholds.medium}, large ≥ ${r.thresholds.large} points</p>
<table><tr><th>seat</th><th>player</th><th>decisions</th><th>agreement</th><th>riichi</th><th>calls</th><th>small</th><th>medium</th><th>large</th><th>loss</th><th>rating</th></tr>${summary}</table>${first}
${r.decisions.map((d) => decisionHtml(d, nextOf(d.index))).join('\n')}</body></html>\n`;
}

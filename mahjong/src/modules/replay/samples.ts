// The built-in samples, imported so the compiled binary embeds them. With `type: 'file'` the
// value is a readable path (whatever type the ambient `*.xml` declaration claims).
import engine2026 from '../../../samples/engine-heuristic-seed-2026.xml' with { type: 'file' };
import engine2027 from '../../../samples/engine-heuristic-seed-2027.xml' with { type: 'file' };
import kan4 from '../../../samples/tenhou-2016052515gm-00a9-0000-c4d72066.xml' with { type: 'file' };
import bust from '../../../samples/tenhou-2019060813gm-00a9-0000-08bb0ec3.xml' with { type: 'file' };
import kaze4 from '../../../samples/tenhou-2020052221gm-00a9-0000-6f0524c7.xml' with { type: 'file' };

export const EMBEDDED_SAMPLES: Record<string, string> = {
  'engine-heuristic-seed-2026.xml': engine2026 as unknown as string,
  'engine-heuristic-seed-2027.xml': engine2027 as unknown as string,
  'tenhou-2016052515gm-00a9-0000-c4d72066.xml': kan4 as unknown as string,
  'tenhou-2019060813gm-00a9-0000-08bb0ec3.xml': bust as unknown as string,
  'tenhou-2020052221gm-00a9-0000-6f0524c7.xml': kaze4 as unknown as string,
};

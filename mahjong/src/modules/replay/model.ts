import { t } from 'elysia';
import { StateView } from '../../engine/game/view-schema';
import { Paipu } from '../../engine/paipu';

export const StepType = t.Union([
  t.Literal('init'), t.Literal('draw'), t.Literal('discard'), t.Literal('call'), t.Literal('riichi'), t.Literal('dora'),
  t.Literal('agari'), t.Literal('ryuukyoku'), t.Literal('kyoku_end'), t.Literal('game_end'),
]);
export type StepType = typeof StepType.static;

export const ReplayStep = t.Object({
  step: t.Integer(), event_type: StepType, kyoku_index: t.Integer(),
  player: t.Union([t.Integer(), t.Null()]), description: t.String(),
  /** The table after this step: the game's state object with every hand visible (viewer null) and nobody to act. */
  state: StateView,
});
export type ReplayStep = typeof ReplayStep.static;

export const LogFormatName = t.Union([t.Literal('xml'), t.Literal('tenhou6'), t.Literal('mjai')], { description: 'xml = Tenhou mjlog, tenhou6 = tenhou.net/6 JSON, mjai = mjai JSON lines' });
/** One of the two: a paipu from `/api/replay/load`, or the XML itself. */
export const StepsBody = t.Object({
  paipu: t.Optional(t.Record(t.String(), t.Unknown(), { description: 'a paipu from /api/replay/load' })),
  xml_content: t.Optional(t.String({ description: 'the log as text (Tenhou XML, tenhou.net/6 JSON or mjai JSON lines)' })),
});
export type StepsBody = typeof StepsBody.static;
/** The log's walls checked against the seed or revealed secret it names (engine/verify/wall-check.ts). */
export const WallCheckView = t.Object({
  kind: t.Union([t.Literal('committed'), t.Literal('seeded'), t.Literal('unrevealed'), t.Literal('none')], {
    description: 'committed: walls from a secret, revealed and checked; seeded: a practice game\'s seed; unrevealed: the secret is not in the log yet; none: not dealt by this engine',
  }),
  ok: t.Union([t.Boolean(), t.Null()], { description: 'true: every tile the log shows is where the secret (or seed) puts it; false: it is not; null: nothing to check' }),
  commitment: t.Union([t.String(), t.Null()]),
  message: t.String(),
});
export const LoadResponse = t.Object({ ok: t.Literal(true), format: LogFormatName, paipu: Paipu, wall: WallCheckView });
export const ExportQuery = t.Object({ format: LogFormatName });
export const ExportBody = t.Object({ paipu: t.Record(t.String(), t.Unknown(), { description: 'a paipu from /api/replay/load' }) });
export const StepsResponse = t.Object({
  steps: t.Array(ReplayStep), total: t.Integer(), kyoku_indices: t.Array(t.Integer()),
});
export const BuiltinList = t.Object({ paipu_files: t.Array(t.String()) });

import { describe, expect, it } from 'bun:test';
import { scoreHand, winInputFromNotation, type NotationWin } from '../../../src/engine/rules';

const run = (n: Partial<NotationWin> & { hand: string }) => scoreHand(winInputFromNotation({ tsumo: false, seatWind: 1, roundWind: 0, ...n }));

describe('scoreHand errors are values with a code', () => {
  it('chiitoitsu with two identical pairs is not a win', () => {
    expect(run({ hand: '1111m22m33p44p55s66s' })).toMatchObject({ ok: false, code: 'NOT_AGARI' });
  });
  it('a complete hand without yaku is NO_YAKU (dora do not count)', () => {
    expect(run({ hand: '123m456p789s24s55p', win: '3s', dora: '4p' })).toMatchObject({ ok: false, code: 'NO_YAKU' });
  });
  it('a wrong tile count is INVALID_HAND', () => {
    expect(run({ hand: '123m456p789s24s5p' })).toMatchObject({ ok: false, code: 'INVALID_HAND' });
  });
  it('a duplicated tile id is INVALID_HAND', () => {
    const input = winInputFromNotation({ hand: '234m567p22p45678s3s', tsumo: false, seatWind: 1, roundWind: 0 });
    input.hand[1] = input.hand[0]!;
    expect(scoreHand(input)).toMatchObject({ ok: false, code: 'INVALID_HAND' });
  });
  it('a winning tile outside the hand is INVALID_HAND', () => {
    const input = winInputFromNotation({ hand: '234m567p22p45678s3s', tsumo: false, seatWind: 1, roundWind: 0 });
    input.winTile = 135;
    expect(scoreHand(input)).toMatchObject({ ok: false, code: 'INVALID_HAND' });
  });
  it('riichi with an open meld and houtei on tsumo are INVALID_FLAGS', () => {
    expect(run({ hand: '567p678s88p45s3s', melds: 'chi:234m', riichi: true })).toMatchObject({ ok: false, code: 'INVALID_FLAGS' });
    expect(run({ hand: '234m567p22p45678s3s', tsumo: true, houtei: true })).toMatchObject({ ok: false, code: 'INVALID_FLAGS' });
  });
  it('ippatsu with rinshan and chankan with houtei are INVALID_FLAGS (Tenhou never pairs them: a kan ends ippatsu, no kan on the last tile)', () => {
    const rinshan = { hand: '234m567p66s78s9s', melds: 'ankan:2222p', tsumo: true, rinshan: true, riichi: true };
    expect(run(rinshan)).toMatchObject({ ok: true, han: 3 });
    expect(run({ ...rinshan, ippatsu: true })).toMatchObject({ ok: false, code: 'INVALID_FLAGS' });
    expect(run({ hand: '234m567p345s789s66s', chankan: true })).toMatchObject({ ok: true, han: 1 });
    expect(run({ hand: '234m567p345s789s66s', chankan: true, houtei: true })).toMatchObject({ ok: false, code: 'INVALID_FLAGS' });
  });
});

describe('payments', () => {
  it('dealer tsumo with honba and a riichi stick', () => {
    const r = run({ hand: '234m567p22p45678s3s', seatWind: 0, tsumo: true, honba: 2, kyotaku: 1 });
    expect(r).toMatchObject({ ok: true, han: 3, fu: 20, points: { base: 3900, tsumoNonDealer: 1500, honbaBonus: 600, kyotakuBonus: 1000, received: 5500, deltas: [5500, -1500, -1500, -1500] } });
  });
  it('non-dealer tsumo: the dealer pays double', () => {
    const r = run({ hand: '234m567p22p45678s3s', seatWind: 2, tsumo: true, honba: 1 });
    // West seat: the dealer (East) sits across (relative seat 2).
    expect(r).toMatchObject({ ok: true, points: { base: 2700, tsumoDealer: 1400, tsumoNonDealer: 800, received: 3000, deltas: [3000, -800, -1400, -800] } });
  });
  it('ron with honba from the discarder', () => {
    const r = run({ hand: '234m567p22p45678s3s', honba: 1, discarder: 3 });
    expect(r).toMatchObject({ ok: true, points: { base: 2000, ron: 2300, received: 2300, deltas: [2300, 0, 0, -2300] } });
  });
});

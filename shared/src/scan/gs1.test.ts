import { gs1Date, gs1LotText, parseGs1 } from './gs1';

const today = new Date('2026-11-29T12:00:00Z');

describe('GS1-128 element strings (AIs 01, 10, 17, 21)', () => {
  it('reads the printed form with parentheses', () => {
    expect(parseGs1('(01)04006381333931(17)270131(10)24-117', today)).toEqual({
      gtin: '04006381333931',
      lot: '24-117',
      bestBefore: '2027-01-31',
      serial: null,
    });
    expect(parseGs1('(01)04006381333931(21)SN-0001', today)).toMatchObject({ serial: 'SN-0001', lot: null });
  });

  it('reads the raw form a scanner types: ]C1, fixed-length AIs, FNC1 after a variable one', () => {
    expect(parseGs1(']C1010400638133393110LOT/7\u001d17270200', today)).toEqual({
      gtin: '04006381333931',
      lot: 'LOT/7',
      // Day 00: the last day of the month.
      bestBefore: '2027-02-28',
      serial: null,
    });
    expect(parseGs1('0104006381333931172612311524-117'.replace('15', '10'), today)).toMatchObject({
      bestBefore: '2026-12-31',
      lot: '24-117',
    });
    // Another fixed-length AI (11, production date) is skipped.
    expect(parseGs1('010400638133393111260101\u001d21A1', today)).toMatchObject({ serial: 'A1', bestBefore: null });
  });

  it('is null for what is no GS1 code: a SKU, an EAN-13, a malformed string', () => {
    expect(parseGs1('SKU-1', today)).toBeNull();
    expect(parseGs1('4006381333931', today)).toBeNull();
    expect(parseGs1('(01)123(10)A', today)).toBeNull();
    expect(parseGs1(`(10)${'X'.repeat(21)}`, today)).toBeNull();
    expect(parseGs1('(17)271301(10)A', today)).toMatchObject({ bestBefore: null, lot: 'A' });
  });

  it('picks the century within 49 years back and 50 ahead', () => {
    expect(gs1Date('760101', today)).toBe('2076-01-01');
    expect(gs1Date('770101', today)).toBe('1977-01-01');
    expect(gs1Date('270230', today)).toBeNull();
    expect(gs1Date('280200', today)).toBe('2028-02-29');
  });

  it('writes the lot label text and reads it back', () => {
    const text = gs1LotText({ gtin: '4006381333931', lot: '24-117', bestBefore: '2027-01-31' });
    expect(text).toBe('(01)04006381333931(17)270131(10)24-117');
    expect(parseGs1(text, today)).toEqual({
      gtin: '04006381333931',
      lot: '24-117',
      bestBefore: '2027-01-31',
      serial: null,
    });
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseTimeParameter, timeParameterSchema } from '../../../shared/rules/time-parameter';
import { fieldCodes } from './helpers';

describe('parseTimeParameter (SPEC §5 video start point)', () => {
  it.each([
    ['1h2m3s', 3723],
    ['1h', 3600],
    ['2m', 120],
    ['45s', 45],
    ['1h30s', 3630],
    ['1h2m', 3720],
    ['2m3s', 123],
    ['90m', 5400],
    ['0s', 0],
    ['1:02:03', 3723],
    ['0:00:59', 59],
    ['2:03', 123],
    ['62:03', 3723],
    ['0:59', 59],
    ['90', 90],
    ['0', 0],
    ['007', 7],
  ])('reads %s as %i seconds', (text, seconds) => {
    expect(parseTimeParameter(text)).toBe(seconds);
  });

  it.each([
    '',
    'h',
    'ms',
    '1h2h',
    '3s2m',
    '2m1h',
    '1H',
    '1.5',
    '-5',
    '+5',
    ' 5',
    '5 ',
    '1:2:3:4',
    ':30',
    '1:',
    '1::2',
    '1:60',
    '1:00:60',
    '1:60:00',
    '1:123',
    '1h 2m',
    '１０',
    'abc',
    '9'.repeat(20),
  ])('rejects %j', (text) => {
    expect(parseTimeParameter(text)).toBeUndefined();
  });

  it('accepts the last second of a minute and refuses the next in colon forms', () => {
    expect(parseTimeParameter('0:59')).toBe(59);
    expect(parseTimeParameter('0:60')).toBeUndefined();
    expect(parseTimeParameter('0:59:59')).toBe(3599);
    expect(parseTimeParameter('0:59:60')).toBeUndefined();
  });

  const part = fc.integer({ min: 0, max: 100_000 });
  const clock = fc.integer({ min: 0, max: 59 });

  it('agrees with h*3600 + m*60 + s for any subset of letters', () => {
    fc.assert(
      fc.property(fc.option(part), fc.option(part), fc.option(part), (h, m, s) => {
        fc.pre(h !== null || m !== null || s !== null);
        const text = `${h === null ? '' : `${h}h`}${m === null ? '' : `${m}m`}${s === null ? '' : `${s}s`}`;
        expect(parseTimeParameter(text)).toBe((h ?? 0) * 3600 + (m ?? 0) * 60 + (s ?? 0));
      }),
    );
  });

  it('agrees with the formula for H:M:S, M:S and plain seconds, padded or not', () => {
    const pad = (n: number, padded: boolean) => (padded ? String(n).padStart(2, '0') : String(n));
    fc.assert(
      fc.property(part, clock, clock, fc.boolean(), (h, m, s, padded) => {
        expect(parseTimeParameter(`${h}:${pad(m, padded)}:${pad(s, padded)}`)).toBe(h * 3600 + m * 60 + s);
        expect(parseTimeParameter(`${h}:${pad(s, padded)}`)).toBe(h * 60 + s);
        expect(parseTimeParameter(String(h))).toBe(h);
      }),
    );
  });

  it('rejects text with any character outside digits, h, m, s and colon', () => {
    const garbage = fc
      .tuple(
        fc.string(),
        fc.string({ minLength: 1 }).filter((t) => /[^0-9hms:]/.test(t)),
        fc.string(),
      )
      .map(([a, b, c]) => a + b + c);
    fc.assert(
      fc.property(garbage, (text) => {
        expect(parseTimeParameter(text)).toBeUndefined();
      }),
    );
  });

  it('rejects letters out of order or repeated', () => {
    const letter = fc.constantFrom('h', 'm', 's');
    const order = { h: 0, m: 1, s: 2 } as const;
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.nat(999), letter), { minLength: 2, maxLength: 4 }), (parts) => {
        const ranks = parts.map(([, l]) => order[l]);
        fc.pre(ranks.some((r, i) => i > 0 && r <= ranks[i - 1]));
        expect(parseTimeParameter(parts.map(([n, l]) => `${n}${l}`).join(''))).toBeUndefined();
      }),
    );
  });
});

describe('timeParameterSchema', () => {
  it('trims input and yields seconds', () => {
    expect(timeParameterSchema.parse(' 1m5s ')).toBe(65);
  });
  it('answers validation/invalid_time_parameter for anything else', () => {
    expect(fieldCodes(timeParameterSchema, '1x')).toEqual({ _: 'validation/invalid_time_parameter' });
    expect(fieldCodes(timeParameterSchema, 5)).toEqual({ _: 'validation/invalid_time_parameter' });
  });
});

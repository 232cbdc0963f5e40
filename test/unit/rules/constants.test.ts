import { describe, expect, it } from 'vitest';
import * as c from '../../../shared/constants';

// SPEC §9 states these numbers; a change here must be a change of the SPEC.
describe('SPEC §9 constants', () => {
  it('sizes, lengths and durations', () => {
    expect(c.TRIAL_UPLOAD_BYTES).toBe(5 * 1024 ** 3);
    expect(c.AI_PROCESSING_MAX_BYTES).toBe(5 * 1024 ** 3);
    expect([c.MAIL_BODY_MAX_LENGTH, c.NEWS_CONTENT_MAX_LENGTH, c.DESCRIPTION_MAX_LENGTH]).toEqual([2000, 1000, 500]);
    expect([c.PASSWORD_MIN_LENGTH, c.COMPLEX_PASSWORD_MIN_LENGTH]).toEqual([6, 8]);
    expect(c.EMAIL_VERIFICATION_LINK_SECONDS).toBe(24 * 60 * 60);
    expect(c.PASSWORD_RESET_LINK_SECONDS).toBe(60 * 60);
    expect(c.SECONDS_PER_DAY).toBe(86400);
    expect(c.SCHEDULED_MAIL_STEP_SECONDS).toBe(3600);
    expect(c.RECENT_SECONDS).toBe(3600);
    expect([c.POPULAR_VIDEO_DAYS, c.DASHBOARD_CHART_DAYS]).toEqual([30, 7]);
    expect(c.analysisDayOptions).toEqual([7, 30, 90]);
    expect([c.THUMBNAIL_WIDTH, c.THUMBNAIL_HEIGHT]).toEqual([1280, 720]);
    expect([c.TOAST_SUCCESS_MS, c.TOAST_ERROR_MS]).toEqual([3000, 6000]);
  });

  it('money', () => {
    expect(c.currencies).toEqual(['jpy', 'usd']);
    expect(c.priceAmountLimits.jpy).toEqual({ min: 50, max: 99_999_999 });
    // $0.50 .. $999,999.99 in cents.
    expect(c.priceAmountLimits.usd.min / 10 ** c.currencyMinorDigits.usd).toBe(0.5);
    expect(c.priceAmountLimits.usd.max / 10 ** c.currencyMinorDigits.usd).toBe(999_999.99);
    expect(c.PRICE_MIN_TRIAL_DAYS).toBe(3);
    expect(c.COUPON_PERCENT_MAX).toBe(100);
    expect(c.intervals).toEqual(['day', 'week', 'month', 'year']);
    expect(c.couponDurations).toEqual(['forever', 'once', 'repeating']);
  });

  it('languages, sort options and period modes', () => {
    expect(c.languages).toEqual(['ja', 'en']);
    expect(c.sortKeys).toEqual(['newest', 'created', 'releaseDate', 'updateDate', 'title', 'amount']);
    expect(c.sortDirections).toEqual(['asc', 'desc']);
    expect(c.analysisPeriodModes).toEqual(['none', 'currentMonth', 'lastMonth', 'fromTo']);
    expect([c.DATE_FORMAT, c.DATE_TIME_INPUT_FORMAT, c.DISPLAY_DATE_TIME_FORMAT]).toEqual([
      'YYYY-MM-DD',
      'YYYY-MM-DDTHH:mm',
      'YYYY/MM/DD HH:mm',
    ]);
    expect([c.DATE_TIME_SUGGESTION_DAYS, c.DATE_SUGGESTION_DAYS]).toEqual([1, 31]);
  });
});

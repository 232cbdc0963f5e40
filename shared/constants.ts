/**
 * SPEC §9 business constants and limits, in one place for the web and the lambdas.
 * Amounts of money are in the currency's smallest unit, as Stripe counts them (yen, cents).
 */
// SPEC §9 password lengths (shared/rules/account.ts checks them). Kept here, not imported from the rules: every page
// reads these constants, and the rules module would bring the validation library into each page's first load.
export const PASSWORD_MIN_LENGTH = 6;
export const COMPLEX_PASSWORD_MIN_LENGTH = 8;

const GIB = 1024 ** 3;

// Time
export const SECONDS_PER_MINUTE = 60;
export const SECONDS_PER_HOUR = 3600;
export const SECONDS_PER_DAY = 86_400;

// Plans and trial
export const plans = ['trial', 'basic', 'pro', 'business', 'enterprise'] as const;
export type Plan = (typeof plans)[number];
export const billingCycles = ['monthly', 'yearly'] as const;
export type BillingCycle = (typeof billingCycles)[number];
/** The "10%OFF" badge on yearly billing (SPEC §1). */
export const YEARLY_DISCOUNT_PERCENT = 10;
/** SPEC says "free for a number of days" without the number; 14 is our choice. */
export const TRIAL_DAYS = 14;
export const TRIAL_UPLOAD_BYTES = 5 * GIB;
export const AI_PROCESSING_MAX_BYTES = 5 * GIB;
/** "Library preparation about 1 minute": what the wait message promises. */
export const LIBRARY_PREPARATION_SECONDS = 60;

// Text lengths (SPEC §5, §9)
export const MAIL_BODY_MAX_LENGTH = 2000;
export const NEWS_CONTENT_MAX_LENGTH = 1000;
export const COMMENT_BODY_MAX_LENGTH = 1000;
/** A chat message (SPEC §2 chat): long enough for a real question, short enough to read in a bubble. */
export const CHAT_MESSAGE_MAX_LENGTH = 2000;
export const DESCRIPTION_MAX_LENGTH = 500;

// Link validity
export const EMAIL_VERIFICATION_LINK_SECONDS = 24 * SECONDS_PER_HOUR;
export const PASSWORD_RESET_LINK_SECONDS = SECONDS_PER_HOUR;

// Login throttling (SPEC §8 "attempts limit"): failed passwords and two-factor codes, counted per
// account and per source address within a window; at the limit, sign-in is refused for the wait.
export const LOGIN_FAILURES_PER_ACCOUNT = 10;
/** Higher than per account: an office or a mobile carrier puts many people behind one address. */
export const LOGIN_FAILURES_PER_ADDRESS = 100;
export const LOGIN_FAILURE_WINDOW_SECONDS = 15 * SECONDS_PER_MINUTE;
export const LOGIN_LOCK_SECONDS = 15 * SECONDS_PER_MINUTE;

// Money
export const currencies = ['jpy', 'usd'] as const;
export type Currency = (typeof currencies)[number];
export const PAYMENT_REGION = 'JP';
export { currencyMinorDigits } from './money';
/** Price limits in the smallest unit: ¥50..¥99,999,999 and $0.50..$999,999.99. */
export const priceAmountLimits: Record<Currency, { min: number; max: number }> = {
  jpy: { min: 50, max: 99_999_999 },
  usd: { min: 50, max: 99_999_999 },
};
export const PRICE_MIN_TRIAL_DAYS = 3;
/** SPEC §4 minimum usage period of a subscription, in whole months (no cancelling before it ends). */
export const MINIMUM_USAGE_MAX_MONTHS = 36;
export const priceTypes = ['one_time', 'recurring'] as const;
export type PriceType = (typeof priceTypes)[number];
export const intervals = ['day', 'week', 'month', 'year'] as const;
export type Interval = (typeof intervals)[number];
export const couponTypes = ['amount', 'percent'] as const;
export type CouponType = (typeof couponTypes)[number];
export const couponDurations = ['forever', 'once', 'repeating'] as const;
export type CouponDuration = (typeof couponDurations)[number];
export const COUPON_PERCENT_MAX = 100;

// Languages
export const languages = ['ja', 'en'] as const;
export type Language = (typeof languages)[number];

// Lists
export const sortKeys = ['newest', 'created', 'releaseDate', 'updateDate', 'title', 'amount'] as const;
export type SortKey = (typeof sortKeys)[number];
export const sortDirections = ['asc', 'desc'] as const;
export type SortDirection = (typeof sortDirections)[number];

// Mail and workflows
/** Scheduled mail is sent on the hour: the time picker moves in one-hour steps. */
export const SCHEDULED_MAIL_STEP_SECONDS = SECONDS_PER_HOUR;
export const autoMailEvents = ['welcome', 'approval', 'completedPurchase', 'cancelSubscription'] as const;
export type AutoMailEvent = (typeof autoMailEvents)[number];
/** Workflow wait days: 0 means the actions run at once. */
export const WORKFLOW_NO_WAIT_DAYS = 0;

// Analytics and dashboard
export const POPULAR_VIDEO_DAYS = 30;
export const DASHBOARD_CHART_DAYS = 7;
export const analysisDayOptions = [7, 30, 90] as const;
export const analysisPeriodOptions = ['7days', '30days', '90days', 'month', 'range'] as const;
export type AnalysisPeriodOption = (typeof analysisPeriodOptions)[number];
/** SPEC §4 analysis period modes. */
export const analysisPeriodModes = ['none', 'currentMonth', 'lastMonth', 'fromTo'] as const;
export type AnalysisPeriodMode = (typeof analysisPeriodModes)[number];
/**
 * SPEC §5 "analysis period has a maximum": the longest range (days, both ends counted) an analytics page may ask
 * for, by plan. Every plan reaches the 90-day option; longer ranges are what an upgrade buys.
 */
export const ANALYSIS_MAX_DAYS: Readonly<Record<Plan, number>> = { trial: 186, basic: 93, pro: 186, business: 366, enterprise: 731 };
/** Default length (days) of the period mode `none`: the last N days, today included. */
export const ANALYSIS_DEFAULT_DAYS = 30;
/** "Recent" = within the past hour. */
export const RECENT_SECONDS = SECONDS_PER_HOUR;

// Media
export const THUMBNAIL_WIDTH = 1280;
export const THUMBNAIL_HEIGHT = 720;

// Dates (SPEC §9)
export const DATE_FORMAT = 'YYYY-MM-DD';
export const DATE_TIME_INPUT_FORMAT = 'YYYY-MM-DDTHH:mm';
export const DISPLAY_DATE_TIME_FORMAT = 'YYYY/MM/DD HH:mm';
/** Date inputs suggest 31 days later; date-time inputs suggest tomorrow. */
export const DATE_SUGGESTION_DAYS = 31;
export const DATE_TIME_SUGGESTION_DAYS = 1;

// Member CSV import
/** SPEC shows the maximum in the message but does not give it; 10,000 is our choice (a whole team in one file). */
export const MEMBER_IMPORT_MAX_ROWS = 10_000;
/** How long the set-password link of a member created by import works (the invitation mail says so). */
export const MEMBER_IMPORT_LINK_SECONDS = 7 * SECONDS_PER_DAY;
/** Separator of several values in one CSV cell (groups, checkbox answers). */
export const MEMBER_CSV_LIST_SEPARATOR = '|';

// Alerts (SPEC §8)
export const TOAST_SUCCESS_MS = 3000;
export const TOAST_ERROR_MS = 6000;

// Site design (SPEC §3 Design): WCAG 2.x AA contrast minimums checked when the colours are saved
/** Normal text against its background. */
export const TEXT_CONTRAST_MIN = 4.5;
/** Buttons, links and other accents (non-text UI components) against the background. */
export const ACCENT_CONTRAST_MIN = 3;

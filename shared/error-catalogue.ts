/**
 * The rest of SPEC §8's error catalogue (code -> HTTP status), to be spread into
 * `errorCatalogue` of shared/errors.ts. Codes already there are not repeated: for instance
 * "account disabled" is `auth/account_disabled` and "e-mail already registered" is
 * `auth/email_already_registered`. Field messages of the SPEC §5 rules are `validation/*`.
 *
 * Statuses: 400 bad input, 401 not signed in, 402 payment, 403 not allowed, 404 not found,
 * 409 conflict with the current state, 429 too many attempts, 502 an outside service failed
 * (mail, Zoom, Stripe, identity): 500 stays reserved for our own bugs.
 */
import type { ErrorCode } from './errors';
import {
  AI_PROCESSING_MAX_BYTES,
  COMPLEX_PASSWORD_MIN_LENGTH,
  DESCRIPTION_MAX_LENGTH,
  MAIL_BODY_MAX_LENGTH,
  NEWS_CONTENT_MAX_LENGTH,
  COMMENT_BODY_MAX_LENGTH,
  CHAT_MESSAGE_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PRICE_MIN_TRIAL_DAYS,
  MINIMUM_USAGE_MAX_MONTHS,
  TEXT_CONTRAST_MIN,
  ACCENT_CONTRAST_MIN,
} from './constants';

export const spec8ErrorCatalogue = {
  // Account
  'account/cancelled': 403,
  // Auth
  'auth/already_in_team': 409,
  'auth/admin_of_another_team': 409,
  'auth/logout_failed': 502,
  'auth/join_failed': 502,
  'auth/ip_not_allowed': 403,
  'auth/logged_in_elsewhere': 401,
  // Identity-provider errors (wrong password, user not found, e-mail in use are in shared/errors.ts)
  'auth/weak_password': 400,
  'auth/popup_closed': 400,
  'auth/provider_not_allowed': 403,
  // Administrators (SPEC §6)
  'administrator/own_permissions': 403,
  'administrator/site_manager_required': 409,
  // Deletion blocked
  'deletion/last_administrator': 409,
  'deletion/workflow_in_use': 409,
  'deletion/group_has_members': 409,
  'deletion/category_in_use': 409,
  'deletion/creator_in_use': 409,
  'deletion/survey_in_use': 409,
  'deletion/file_in_use': 409,
  'deletion/tag_in_use': 409,
  'deletion/test_in_use': 409,
  'deletion/invite_has_pending_users': 409,
  'deletion/video_in_landing_page': 409,
  'deletion/video_in_playlist': 409,
  /** A PDF or live that an event lists (SPEC §8 in-use deletions, beyond the video's playlist case). */
  'deletion/content_in_use': 409,
  'deletion/latest_video_version': 409,
  'deletion/field_answers_exist': 409,
  'deletion/active_subscription': 409,
  'deletion/admin_from_member_page': 403,
  // Invitations and mail
  'invite/not_found': 404,
  'invite/limit_reached': 409,
  'mail/send_failed': 502,
  'mail/already_sent': 409,
  // Payment
  'payment/card_declined': 402,
  'payment/insufficient_funds': 402,
  'payment/lost_card': 402,
  'payment/stolen_card': 402,
  'payment/expired_card': 402,
  'payment/incorrect_cvc': 402,
  'payment/incorrect_number': 402,
  'payment/processing_error': 402,
  'payment/info_not_loaded': 502,
  'payment/invalid_coupon': 400,
  'payment/past_due': 402,
  'payment/language_currency_mismatch': 400,
  // Subscription
  'subscription/cancel_failed': 502,
  'subscription/minimum_usage_period': 409,
  'subscription/not_purchased': 403,
  'subscription/price_difference_not_loaded': 502,
  'subscription/card_change_unavailable': 409,
  // Two-factor
  'two_factor/already_enrolled': 409,
  'two_factor/already_removed': 409,
  'two_factor/attempts_exceeded': 429,
  'two_factor/code_expired': 400,
  'two_factor/code_mismatch': 400,
  'two_factor/removal_failed': 502,
  // Video and the other not-found pages
  'video/not_found': 404,
  'video/register_failed': 502,
  'video/upload_failed': 502,
  /** The team's site settings turned comments off. */
  'comment/disabled': 403,
  'pdf/not_found': 404,
  'live/not_found': 404,
  'playlist/not_found': 404,
  'creator/not_found': 404,
  'product/not_found': 404,
  'price/not_found': 404,
  // Tests (SPEC §5 retest rules): an attempt the test's settings refuse
  'test/not_found': 404,
  'test/retest_not_allowed': 409,
  'test/retest_limit_reached': 409,
  'test/already_passed': 409,
  'test/video_not_finished': 403,
  // Zoom and chat
  /** Zoom could not be reached (no answer, a timeout, its rate limit or a 5xx). */
  'zoom/connect_failed': 502,
  /** Zoom answered and refused the credentials (the token step): the operator's input. */
  'zoom/credentials_rejected': 400,
  /** Field codes of that refusal: which credentials Zoom's answer points at. */
  'zoom/client_rejected': 400,
  'zoom/account_rejected': 400,
  /** Zoom gave a token but refused to name its user (the app lacks the user scope, or has no such user). */
  'zoom/user_id_failed': 400,
  /** Zoom refused to create the meeting (the app's scopes, the account's plan or webinar licence). */
  'zoom/meeting_refused': 400,
  'chat/disabled_by_admin': 403,
  'chat/disabled_by_user': 403,
  'chat/message_required': 400,
  /** The person cannot receive messages now (an administrator, a disabled or cancelled member): our state, not an outside service. */
  'chat/direct_message_failed': 409,
  /** Resend invitation: the member has already set a password, waits for approval or is disabled (not `invited`). */
  'member/not_invited': 409,
  // Member CSV import and bulk update (row-level, shown with the row number)
  'import/header_and_row_required': 400,
  'import/unmatched_quote': 400,
  'import/row_length': 400,
  'import/duplicate_column': 400,
  'import/unknown_column': 400,
  'import/missing_column': 400,
  'import/custom_field_missing': 400,
  'import/too_many_rows': 400,
  'import/required': 400,
  'import/not_number': 400,
  'import/not_yes_no': 400,
  'import/invalid_date': 400,
  'import/invalid_email': 400,
  'import/invalid_value': 400,
  'import/invalid_checkbox_value': 400,
  'import/invalid_radio_value': 400,
  'import/duplicate_id': 400,
  'import/duplicate_email': 400,
  'import/user_not_found': 400,
  'import/group_not_found': 400,
  /** An import's e-mail already belongs to a person of the team. */
  'import/already_member': 400,
  'import/error_count': 400,
  // Generic
  'plan/feature_unavailable': 403,
  'plan/upload_quota_exceeded': 403,
  /** The team's trial ended without a plan, or its plan subscription was cancelled (SPEC §2 /entry not_subscribe). */
  'plan/not_subscribed': 403,
  /** The team's plan subscription is unpaid (SPEC §8 "unpaid past due"; /entry unpaid_admin, unpaid_user). */
  'plan/unpaid': 403,
  /** SPEC §8 "downgrade blocked by playback limits". */
  'plan/downgrade_blocked': 409,
  // Field messages (SPEC §5)
  'validation/not_integer': 400,
  'validation/invalid_date': 400,
  'validation/id_half_width': 400,
  'validation/password_too_weak': 400,
  'validation/description_too_long': 400,
  'validation/mail_body_too_long': 400,
  'validation/recipient_required': 400,
  'validation/send_time_in_past': 400,
  'validation/send_time_not_on_hour': 400,
  'validation/send_time_not_allowed': 400,
  'validation/news_content_too_long': 400,
  'validation/comment_too_long': 400,
  'validation/message_too_long': 400,
  'validation/tax_rate_out_of_range': 400,
  'validation/wait_days_invalid': 400,
  'validation/objects_required': 400,
  'validation/actions_required': 400,
  'validation/mail_template_required': 400,
  'validation/groups_required': 400,
  'validation/questions_required': 400,
  'validation/duplicate_question_name': 400,
  'validation/duplicate_field_name': 400,
  'validation/options_too_few': 400,
  'validation/option_label_required': 400,
  'validation/duplicate_option_label': 400,
  'validation/answer_required': 400,
  'validation/correct_answer_required': 400,
  'validation/pass_standard_out_of_range': 400,
  'validation/unknown_url_variable': 400,
  'validation/unknown_mail_variable': 400,
  'validation/play_period_order': 400,
  'validation/view_period_order': 400,
  'validation/release_date_in_future': 400,
  'validation/publication_period_order': 400,
  'validation/date_range_order': 400,
  'validation/trial_end_in_past': 400,
  'validation/analysis_period_too_long': 400,
  'validation/application_period_order': 400,
  'validation/application_starts_after_hold': 400,
  'validation/application_ends_after_hold': 400,
  'validation/hold_period_order': 400,
  'validation/contents_required': 400,
  'validation/redeem_by_not_future': 400,
  'validation/percent_out_of_range': 400,
  'validation/amount_not_positive': 400,
  'validation/redemption_limit_not_positive': 400,
  'validation/months_required': 400,
  'validation/registrations_not_positive': 400,
  'validation/deadline_in_past': 400,
  'validation/validity_in_past': 400,
  'validation/trial_days_too_short': 400,
  'validation/minimum_usage_months_invalid': 400,
  'validation/expiration_days_negative': 400,
  'validation/price_below_minimum': 400,
  'validation/price_above_maximum': 400,
  'validation/interval_required': 400,
  'validation/two_factor_needs_email_check': 400,
  'validation/invalid_two_factor_code': 400,
  'validation/auth_method_users_exist': 409,
  'validation/invalid_time_parameter': 400,
  'validation/public_content_with_groups': 400,
  'validation/private_pdf_public': 400,
  'validation/thumbnail_crop_unconfirmed': 400,
  'validation/typed_count_mismatch': 400,
  'validation/ai_file_too_large': 400,
  // Site design (shared/rules/color-contrast.ts): WCAG AA contrast of the chosen colours
  'validation/invalid_color': 400,
  'validation/low_contrast_text': 400,
  'validation/low_contrast_accent': 400,
  // Basic info (SPEC §3 site settings): values checked by their shape
  'validation/invalid_url': 400,
  'validation/invalid_domain': 400,
  'validation/invalid_analytics_tag_id': 400,
  'validation/invalid_tag_manager_id': 400,
} as const;

export type Spec8ErrorCode = keyof typeof spec8ErrorCatalogue;
/** Every code the platform answers with, before and after the merge into shared/errors.ts. */
export type AnyErrorCode = ErrorCode | Spec8ErrorCode;
/** The codes a form shows next to a field. */
export type ValidationCode = Extract<AnyErrorCode, `validation/${string}`>;
export type ImportErrorCode = Extract<AnyErrorCode, `import/${string}`>;

/**
 * Numbers some messages show that never change: the web passes them to i18next
 * (`t(code, { ...errorMessageValues[code], ...valuesFromTheError })`), so a message and the
 * rule it describes cannot drift apart.
 */
export const errorMessageValues: Partial<Record<AnyErrorCode, Record<string, number>>> = {
  'validation/password_too_short': { min: PASSWORD_MIN_LENGTH },
  'validation/password_too_weak': { min: COMPLEX_PASSWORD_MIN_LENGTH },
  'validation/ai_file_too_large': { max: AI_PROCESSING_MAX_BYTES / 1024 ** 3 },
  'validation/description_too_long': { max: DESCRIPTION_MAX_LENGTH },
  'validation/mail_body_too_long': { max: MAIL_BODY_MAX_LENGTH },
  'validation/news_content_too_long': { max: NEWS_CONTENT_MAX_LENGTH },
  'validation/comment_too_long': { max: COMMENT_BODY_MAX_LENGTH },
  'validation/message_too_long': { max: CHAT_MESSAGE_MAX_LENGTH },
  'validation/trial_days_too_short': { min: PRICE_MIN_TRIAL_DAYS },
  'validation/minimum_usage_months_invalid': { max: MINIMUM_USAGE_MAX_MONTHS },
  'validation/low_contrast_text': { min: TEXT_CONTRAST_MIN },
  'validation/low_contrast_accent': { min: ACCENT_CONTRAST_MIN },
};

/**
 * Values that differ each time and that whoever shows the message must supply:
 * a date already formatted for the viewer, a count, or an amount formatted with its currency.
 */
export const errorMessageRuntimeValues: Partial<Record<AnyErrorCode, readonly string[]>> = {
  'account/cancelled': ['date'],
  'subscription/minimum_usage_period': ['date'],
  'import/too_many_rows': ['max'],
  'import/error_count': ['count'],
  'validation/analysis_period_too_long': ['max'],
  'validation/price_below_minimum': ['min'],
  'validation/price_above_maximum': ['max'],
};

/** Every fixed limit in one place; tunable ones live in lib/env.ts. */
export const MAX_JSON_BODY_BYTES = 64 * 1024;
export const MAX_MESSAGE_CHARS = 4000;
export const TITLE_MAX = 200;
export const DESCRIPTION_MAX = 2000;
export const TASK_PAGE_DEFAULT = 50;
export const TASK_PAGE_MAX = 100;
export const CONVERSATION_PAGE_DEFAULT = 30;
export const CONVERSATION_PAGE_MAX = 100;
/** Messages per page of a conversation (GET /api/conversations/:id, the chat page). */
export const MESSAGE_PAGE_SIZE = 50;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const EMAIL_MAX = 254;
export const NAME_MAX = 100;
/**
 * Sign-in back-off (lib/auth/throttle.ts): failed attempts allowed per email+address and per
 * email before each further one must wait, the first wait (doubling per failure), its cap, and
 * how long a key must be quiet to start over.
 */
export const SIGN_IN_FREE_FAILURES_PER_ADDRESS = 5;
export const SIGN_IN_FREE_FAILURES_PER_EMAIL = 20;
export const SIGN_IN_BACKOFF_BASE_MS = 1000;
export const SIGN_IN_BACKOFF_MAX_MS = 15 * 60 * 1000;
export const SIGN_IN_BACKOFF_RESET_MS = 24 * 60 * 60 * 1000;
// Sign-in attempts per client address per window: SIGN_IN_LIMIT_PER_ADDRESS (lib/env.ts, default 60).
/** How long an email+address pair that signed in (or reset the password) is exempt from the email-wide back-off. */
export const SIGN_IN_TRUSTED_PAIR_MS = 30 * 24 * 60 * 60 * 1000;
export const SIGN_IN_ATTEMPTS_WINDOW_MS = 15 * 60 * 1000;
/** How long a turn holds its conversation without renewing (it renews every third of this). */
export const TURN_LEASE_MS = 30 * 1000;
/** A session lasts this long after the browser last used it (sliding: each refresh re-issues it). */
export const SESSION_MAX_AGE_SECONDS = 7 * 24 * 60 * 60;
/** Checks of the signed-in user's own password (change, delete account) per user per window. */
export const PASSWORD_CHECKS_PER_WINDOW = 10;
export const PASSWORD_CHECK_WINDOW_MS = 15 * 60 * 1000;
/** Password-reset mails: requests per email address and per client address per hour; link lifetime. */
export const PASSWORD_RESETS_PER_EMAIL_PER_HOUR = 3;
export const PASSWORD_RESETS_PER_ADDRESS_PER_HOUR = 20;
export const PASSWORD_RESET_TTL_MS = 60 * 60 * 1000;
/** Tasks one account may hold (every status, subtasks included): creating more answers 400 bad_request:task_limit. */
export const TASKS_PER_USER_MAX = 50_000;
/** Uses of reset links (`/api/password-reset/confirm`) per client address per hour, valid or not. */
export const PASSWORD_RESET_CONFIRMS_PER_ADDRESS_PER_HOUR = 30;
/** Email-verification links: lifetime, and new links asked for from Settings per user per hour. */
export const EMAIL_VERIFICATION_TTL_MS = 24 * 60 * 60 * 1000;
export const EMAIL_VERIFICATIONS_PER_USER_PER_HOUR = 3;
/** Largest CSV file an import accepts. */
export const MAX_IMPORT_BYTES = 1024 * 1024;
/**
 * Creating a token or a calendar-feed URL, changing the email, linking a sign-in method and
 * deleting the account need a sign-in (or the password re-entered) this recent.
 */
export const REAUTH_WINDOW_MS = 10 * 60 * 1000;

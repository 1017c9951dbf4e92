// How long exactly-once lasts (docs/decisions/007-one-transaction-per-idempotent-request.md and
// docs/decisions/016-outbox-resend-window.md): the server keeps each request's stored reply for a while,
// and the device's outbox stops resending an op on its own well before the server could have forgotten
// its key — both sides read these two numbers.

/**
 * How long the server keeps a stored reply, from when the request first reached it. A phone's outbox
 * may hold an op for a long time offline; 90 days covers a driver's longest plausible time away (a
 * season) three times over the 30 the product promises.
 */
export const IDEMPOTENCY_KEY_RETENTION_DAYS = 90

/**
 * Kept in reserve between the outbox's own limit and the server's: a device clock that was set right
 * (or wrong) between the first send and a later one, and the time a last attempt spends in flight.
 */
export const RESEND_MARGIN_DAYS = 30

/**
 * How long after an op was first sent the outbox still resends it on its own (same key, so the server
 * answers a repeat with its stored reply). Past it the op waits for the user: it may have reached the
 * server, and soon the server will no longer recognise it.
 */
export const OUTBOX_RESEND_WINDOW_DAYS = IDEMPOTENCY_KEY_RETENTION_DAYS - RESEND_MARGIN_DAYS

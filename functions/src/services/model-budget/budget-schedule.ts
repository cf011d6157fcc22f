/**
 * The model deployment's shared budget, as pure arithmetic on one state (no I/O; budget-store.ts keeps the
 * state in the Store, conditionally, so every Functions instance shares it).
 *
 * Two ledgers, both in the deployment's own units (tokens and requests per window, Azure's TPM and RPM when
 * the window is a minute):
 *
 * - **Admission** (jobs): each job estimates its tokens and calls before it starts and waits in one line,
 *   ordered by priority (a signed-in case before the anonymous generator), then by when it joined.
 *   Only the head of the line starts, once the deployment has room for it: a cell-rate (GCRA) booking, where
 *   each admitted job books `tokens ÷ rate` of the deployment's time and the next may start when what is
 *   still booked leaves room for it within one window. A job larger than a window starts when nothing is
 *   booked and keeps the line behind it waiting until its tokens are paid off. So a waiting job's start is
 *   the tokens ahead of it ÷ the rate: its place in line and its ETA.
 * - **Metering** (calls): every model call of an admitted job draws its tokens from a sliding window of the
 *   calls started in the last window, and waits while the window is full, so the chapters of a decision
 *   (and of two decisions whose bookings overlap) stay under the deployment's limit too.
 *
 * A 429 that still comes (another client of the deployment, an estimate too low) lowers the limits in force
 * to 80 % (at least half) for five windows and stops every call and admission until its Retry-After.
 *
 * **Reconciliation**: an admitted job's booking is kept (`bookings`) and corrected as each of its calls
 * completes to what the endpoint reports it used (`reconcileCall`: past the estimate, the booking grows);
 * when the job finishes, fails or is stopped, what it did not use is given back at once (`releaseBooking`),
 * so the line behind it moves.
 *
 * **The deployment's own word**: the rate-limit headers of every response (`x-ratelimit-remaining-tokens`,
 * `-requests`) tell what the deployment has left; what they show used beyond our own calls of the window is
 * someone else's (another application on the deployment), and lowers — never raises — the limits in force
 * until it has left the window (`recordReported`). A Retry-After on any response pauses calls and admission.
 */

export * from './budget-window.js';
export * from './budget-line.js';

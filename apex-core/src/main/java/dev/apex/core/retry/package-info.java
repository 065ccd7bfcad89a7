/**
 * Retrying, once for all of apex: the {@link dev.apex.core.retry.RetryLoop} (bounded attempts,
 * capped jittered backoff, an optional time budget, a server's requested wait, interruptible
 * waits), the {@link dev.apex.core.retry.RetryPolicy} each caller gives it, and the {@link
 * dev.apex.core.retry.RetryEvent} it reports every decision as. It lives in core because both the
 * runtime (device calls) and the model providers (API calls) use it and core is all they share.
 * Time, waits and jitter are injected, so nothing here sleeps for real in a test.
 */
package dev.apex.core.retry;

package dev.apex.console;

import com.sun.net.httpserver.Filter;
import com.sun.net.httpserver.HttpExchange;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.concurrent.Executor;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The console's HTTP threads, safe against clients that connect and then send slowly or not at all.
 *
 * <p>Why: the JDK server reads a request's line and headers on the executor's thread, with no
 * deadline ({@code sun.net.httpserver.maxReqTime} is off by default, and is a JVM-wide setting read
 * once when the server class loads, so it cannot be relied on). With a fixed pool, as many
 * half-open connections as threads froze the console.
 *
 * <p>Contract: each request is in one of two phases. <em>Reading</em> lasts from the moment the
 * server hands the connection over until its line, headers and body (at most {@link
 * Call#MAX_BODY_BYTES} + 1 bytes, read here by {@link #requestReader()}) have arrived. At most
 * {@value #MAX_READING} requests read at once: one more evicts the oldest reader, and a reader past
 * the request timeout is evicted too. Eviction interrupts the reading thread, which closes its
 * socket channel (a blocking {@code SocketChannel} is interruptible) and frees the thread. A
 * request that has been read is <em>handled</em> and never interrupted. Threads are made on demand
 * up to {@value #MAX_THREADS}; past that the server closes the new connection. Thread-safe.
 */
final class HttpWorkers implements Executor {

  static final int MAX_READING = 64;
  static final int MAX_THREADS = 256;

  private static final Logger log = LoggerFactory.getLogger(HttpWorkers.class);

  private final Duration requestTimeout;
  private final LongSupplier nanoTime;
  private final ThreadPoolExecutor pool;
  private final ScheduledExecutorService watchdog;
  private final ThreadLocal<Job> current = new ThreadLocal<>();

  /** Requests being read, oldest first. Guarded by itself. */
  private final LinkedHashSet<Job> reading = new LinkedHashSet<>();

  /**
   * @param requestTimeout how long a connection may take to send its whole request once it has sent
   *     a first byte (a connection that sends nothing holds no thread; the JDK closes it when idle)
   * @param nanoTime the monotonic clock the timeout is measured on
   */
  HttpWorkers(Duration requestTimeout, LongSupplier nanoTime, ThreadFactory threads) {
    if (requestTimeout.isNegative() || requestTimeout.isZero()) {
      throw new IllegalArgumentException("requestTimeout must be positive, was " + requestTimeout);
    }
    this.requestTimeout = requestTimeout;
    this.nanoTime = nanoTime;
    pool =
        new ThreadPoolExecutor(
            0, MAX_THREADS, 30, TimeUnit.SECONDS, new SynchronousQueue<>(), threads);
    watchdog =
        Executors.newSingleThreadScheduledExecutor(
            r -> {
              Thread thread = new Thread(r, "apex-console-request-deadline");
              thread.setDaemon(true);
              return thread;
            });
    long tick = Math.max(10, Math.min(1000, requestTimeout.toMillis() / 4));
    watchdog.scheduleWithFixedDelay(this::evictLate, tick, tick, TimeUnit.MILLISECONDS);
  }

  /**
   * Runs one exchange of the JDK server. {@link RejectedExecutionException} past {@value
   * #MAX_THREADS} threads; the server then closes that connection.
   */
  @Override
  public void execute(Runnable exchange) {
    Job job = new Job(exchange, nanoTime.getAsLong());
    List<Job> evicted = new ArrayList<>();
    synchronized (reading) {
      Iterator<Job> oldest = reading.iterator();
      while (reading.size() >= MAX_READING && oldest.hasNext()) {
        evicted.add(oldest.next());
        oldest.remove();
      }
      reading.add(job);
    }
    evicted.forEach(Job::evict);
    if (!evicted.isEmpty()) {
      log.debug("{} connection(s) still sending their request evicted", evicted.size());
    }
    try {
      pool.execute(job);
    } catch (RejectedExecutionException e) {
      forget(job);
      log.warn("all {} console HTTP threads are busy; a connection was closed", MAX_THREADS);
      throw e;
    }
  }

  /**
   * The filter that ends a request's reading phase: it reads the body into memory (bounded) and
   * hands the handler that copy, so no handler ever waits on a slow client's body.
   */
  Filter requestReader() {
    return new Filter() {
      @Override
      public void doFilter(HttpExchange exchange, Chain chain) throws IOException {
        byte[] body;
        try (InputStream in = exchange.getRequestBody()) {
          body = in.readNBytes(Call.MAX_BODY_BYTES + 1);
        }
        Job job = current.get();
        if (job != null && !job.startHandling()) {
          throw new IOException("the request took too long to arrive");
        }
        if (job != null) {
          forget(job);
        }
        exchange.setStreams(new ByteArrayInputStream(body), null);
        chain.doFilter(exchange);
      }

      @Override
      public String description() {
        return "reads the request within the console's request timeout";
      }
    };
  }

  /** Requests still being read (for tests and the log). */
  int reading() {
    synchronized (reading) {
      return reading.size();
    }
  }

  /** Stops taking work; running exchanges finish (or are interrupted after {@code grace}). */
  void shutdown(Duration grace) throws InterruptedException {
    watchdog.shutdownNow();
    pool.shutdown();
    if (!pool.awaitTermination(grace.toMillis(), TimeUnit.MILLISECONDS)) {
      pool.shutdownNow();
    }
  }

  void shutdownNow() {
    watchdog.shutdownNow();
    pool.shutdownNow();
  }

  private void evictLate() {
    long now = nanoTime.getAsLong();
    List<Job> late = new ArrayList<>();
    synchronized (reading) {
      Iterator<Job> jobs = reading.iterator();
      while (jobs.hasNext()) {
        Job job = jobs.next();
        if (now - job.started < requestTimeout.toNanos()) {
          break; // oldest first: the rest are younger
        }
        late.add(job);
        jobs.remove();
      }
    }
    late.forEach(Job::evict);
    if (!late.isEmpty()) {
      log.debug(
          "closed {} connection(s) that did not send their request within {} ms",
          late.size(),
          requestTimeout.toMillis());
    }
  }

  private void forget(Job job) {
    synchronized (reading) {
      reading.remove(job);
    }
  }

  /** One exchange and the thread running it. */
  private final class Job implements Runnable {
    private final Runnable exchange;
    private final long started;
    private Thread thread; // guarded by this
    private boolean evicted; // guarded by this
    private boolean handling; // guarded by this

    private Job(Runnable exchange, long started) {
      this.exchange = exchange;
      this.started = started;
    }

    @Override
    public void run() {
      synchronized (this) {
        thread = Thread.currentThread();
        if (evicted) {
          // Evicted before it started: the first read then fails at once and closes the channel.
          thread.interrupt();
        }
      }
      current.set(this);
      try {
        exchange.run();
      } finally {
        synchronized (this) {
          thread = null;
        }
        current.remove();
        forget(this);
        // An eviction that raced with the end of the exchange must not reach the next one.
        Thread.interrupted();
      }
    }

    /** Interrupts the reading thread, unless the request has already been read. */
    private synchronized void evict() {
      if (handling || evicted) {
        return;
      }
      evicted = true;
      if (thread != null) {
        thread.interrupt();
      }
    }

    /** Ends the reading phase; false when the request was evicted first. */
    private synchronized boolean startHandling() {
      if (evicted) {
        return false;
      }
      handling = true;
      return true;
    }
  }
}

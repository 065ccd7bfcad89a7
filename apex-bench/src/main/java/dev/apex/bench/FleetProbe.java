package dev.apex.bench;

import dev.apex.core.Sleeper;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

/**
 * What a team sees while {@link FleetLoad} runs, sampled on three daemon threads: the console's
 * {@code /api/tasks} every 200 ms, its event stream {@code /api/events} (opened again when it ends,
 * as a browser does), and {@code apex timeline} run as a child every 500 ms. Each answer is counted
 * by when its request started: before, during or after the server's restart.
 */
final class FleetProbe {

  private static final Duration POLL = Duration.ofMillis(200);
  private static final Duration READ_PAUSE = Duration.ofMillis(500);
  private static final Duration REQUEST_BOUND = Duration.ofSeconds(10);
  private static final Duration TIMELINE_BOUND = Duration.ofSeconds(60);

  private final URI base;
  private final String token;
  private final FleetChild.Launch apex;
  private final String url;
  private final HttpClient http =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
  private final AtomicBoolean running = new AtomicBoolean(true);
  private final AtomicInteger[] ok = {
    new AtomicInteger(), new AtomicInteger(), new AtomicInteger()
  };
  private final AtomicInteger[] failed = {
    new AtomicInteger(), new AtomicInteger(), new AtomicInteger()
  };
  private final AtomicInteger events = new AtomicInteger();
  private final AtomicInteger eventsAfter = new AtomicInteger();
  private final AtomicInteger streams = new AtomicInteger();
  private final AtomicInteger timelineOk = new AtomicInteger();
  private final AtomicInteger timelineFailed = new AtomicInteger();
  private final List<Long> timelineNanos = new CopyOnWriteArrayList<>();
  private final AtomicReference<InputStream> stream = new AtomicReference<>();
  private final List<Thread> threads = new ArrayList<>();
  private volatile long restartStarted = Long.MAX_VALUE;
  private volatile long restartEnded = Long.MAX_VALUE;

  /**
   * @param console the console's {@code open} URL, with its {@code token} parameter
   * @param apex how to start {@code apex timeline}
   * @param url the timeline it reads
   */
  FleetProbe(URI console, FleetChild.Launch apex, String url) {
    String query = console.getQuery() == null ? "" : console.getQuery();
    this.token = query.startsWith("token=") ? query.substring("token=".length()) : "";
    this.base = console.resolve("/");
    this.apex = apex;
    this.url = url;
  }

  void start() {
    threads.add(daemon(this::pollTasks, "fleet-console-poll"));
    threads.add(daemon(this::stream, "fleet-console-events"));
    threads.add(daemon(this::readTimeline, "fleet-apex-timeline"));
  }

  void restartStarted() {
    restartStarted = System.nanoTime();
  }

  void restartEnded() {
    restartEnded = System.nanoTime();
  }

  /** {@code /api/tasks} answers with 200 whose request started after the restart. */
  int okAfterRestart() {
    return ok[2].get();
  }

  /** Stops sampling: each thread is given up to 30 s to end (one last request's bound). */
  FleetLoadResult.Probes stop() throws InterruptedException {
    running.set(false);
    InputStream open = stream.get();
    if (open != null) {
      try {
        open.close();
      } catch (IOException e) {
        // closing is only to unblock the reader
      }
    }
    for (Thread t : threads) {
      t.interrupt();
      t.join(TimeUnit.SECONDS.toMillis(30));
    }
    return new FleetLoadResult.Probes(
        answers(0),
        answers(1),
        answers(2),
        events.get(),
        eventsAfter.get(),
        streams.get(),
        timelineOk.get(),
        timelineFailed.get(),
        median(timelineNanos));
  }

  private static Duration median(List<Long> nanos) {
    if (nanos.isEmpty()) {
      return null;
    }
    List<Long> sorted = nanos.stream().sorted().toList();
    return Duration.ofNanos(sorted.get(sorted.size() / 2));
  }

  private FleetLoadResult.Answers answers(int phase) {
    return new FleetLoadResult.Answers(ok[phase].get(), failed[phase].get());
  }

  private int phase(long startedAt) {
    return startedAt < restartStarted ? 0 : startedAt <= restartEnded ? 1 : 2;
  }

  private void pollTasks() {
    while (running.get()) {
      long at = System.nanoTime();
      boolean answered;
      try {
        HttpResponse<Void> answer =
            http.send(
                request("/api/tasks").timeout(REQUEST_BOUND).build(),
                HttpResponse.BodyHandlers.discarding());
        answered = answer.statusCode() == 200;
      } catch (IOException e) {
        answered = false;
      } catch (InterruptedException e) {
        return;
      }
      (answered ? ok : failed)[phase(at)].incrementAndGet();
      pause(POLL);
    }
  }

  private void stream() {
    while (running.get()) {
      try {
        HttpResponse<InputStream> answer =
            http.send(request("/api/events").build(), HttpResponse.BodyHandlers.ofInputStream());
        streams.incrementAndGet();
        stream.set(answer.body());
        try (Reader lines = new InputStreamReader(answer.body(), StandardCharsets.UTF_8)) {
          String line;
          while (running.get() && (line = FleetChild.readLine(lines)) != null) {
            if (line.startsWith("data:")) {
              events.incrementAndGet();
              if (System.nanoTime() > restartEnded) {
                eventsAfter.incrementAndGet();
              }
            }
          }
        }
      } catch (IOException e) {
        // the stream broke; opened again below while the probe runs
      } catch (InterruptedException e) {
        return;
      }
      pause(POLL);
    }
  }

  private void readTimeline() {
    while (running.get()) {
      long start = System.nanoTime();
      try (FleetChild read =
          FleetChild.start(apex, line -> {}, "timeline", "--db", url, "--limit", "20")) {
        Optional<Integer> exit = read.awaitExit(TIMELINE_BOUND);
        if (exit.isPresent() && exit.get() == 0) {
          timelineOk.incrementAndGet();
          timelineNanos.add(System.nanoTime() - start);
        } else {
          timelineFailed.incrementAndGet();
        }
      } catch (InterruptedException e) {
        return;
      }
      pause(READ_PAUSE);
    }
  }

  private HttpRequest.Builder request(String path) {
    return HttpRequest.newBuilder(base.resolve(path)).header("Authorization", "Bearer " + token);
  }

  private Thread daemon(Runnable work, String name) {
    Thread t = new Thread(work, name);
    t.setDaemon(true);
    t.start();
    return t;
  }

  private void pause(Duration how) {
    try {
      Sleeper.SYSTEM.sleep(how);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      running.set(false);
    }
  }
}

package dev.apex.bench;

import dev.apex.core.Json;
import dev.apex.core.PlannedStep;
import dev.apex.core.Scene;
import dev.apex.core.Secrets;
import dev.apex.core.StepResult;
import dev.apex.core.TaskId;
import dev.apex.core.TaskStatus;
import dev.apex.storage.SqliteTimeline;
import dev.apex.storage.Timelines;
import dev.apex.timeline.StepExtras;
import dev.apex.timeline.StepRecord;
import dev.apex.timeline.TaskTimeline;
import dev.apex.timeline.TimelineOptions;
import dev.apex.world.WorldState;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The timeline append of M3: a real {@link SqliteTimeline} on a temporary file, one step record
 * (scene, world state and screenshot) per append, timed interleaved with its floor — the same bytes
 * written to a file of the same folder and forced to disk. Both wait for the disk; the difference
 * is what SQLite adds. The temporary folder is deleted afterwards.
 *
 * <p>When {@value #ENV} (else {@value #TEST_ENV}) names a PostgreSQL server ({@code
 * postgresql://USER:PASSWORD@HOST:PORT/DB}), the same appends go to a timeline there too, opened as
 * {@code apex --db} opens it ({@link Timelines#open}), in the same rounds. Each run records one
 * task, {@code apex bench: timeline append}, on that server. The URL's password is never shown:
 * only {@link #where(String)}.
 */
public final class TimelineAppend {

  /** The variable naming the PostgreSQL server the bench appends to. */
  public static final String ENV = "APEX_BENCH_POSTGRES";

  /** The tests' server, used when {@value #ENV} is not set. */
  public static final String TEST_ENV = "APEX_TEST_POSTGRES";

  /**
   * @param bytes the bytes of one step (scene JSON, world state JSON, PNG)
   * @param append one {@link SqliteTimeline#append}
   * @param fsync a write of {@code bytes} and {@link FileChannel#force}
   * @param postgres the same append on a PostgreSQL timeline, or why it was not measured
   */
  public record Result(int bytes, Measurement append, Measurement fsync, Postgres postgres) {

    public Result {
      java.util.Objects.requireNonNull(postgres, "postgres");
    }

    /** A run without PostgreSQL: it was not asked for. */
    public Result(int bytes, Measurement append, Measurement fsync) {
      this(bytes, append, fsync, Postgres.notMeasured(notSetReason()));
    }
  }

  /**
   * The PostgreSQL append.
   *
   * @param where {@code postgresql://HOST:PORT/DB} (never the user or password), or null when not
   *     measured
   * @param append one append there, or null when not measured
   * @param why why it was not measured, or null when it was
   */
  public record Postgres(String where, Measurement append, String why) {

    static Postgres measured(String where, Measurement append) {
      return new Postgres(where, append, null);
    }

    static Postgres notMeasured(String why) {
      return new Postgres(null, null, why);
    }

    public boolean wasMeasured() {
      return append != null;
    }

    /**
     * Adds this server's row to {@code table}: {@code what (`where`, note)} with the figures, or
     * {@code what: why} when it was not measured.
     */
    void addRow(Table.Builder table, String what, String note, long bytes) {
      if (wasMeasured()) {
        table.measured(what + " (`" + where + "`, " + note + ")", bytes, append);
      } else {
        table.row(what + ": " + why, "–", "–", "–", "–", "–");
      }
    }
  }

  private TimelineAppend() {}

  /** The server to append to: {@value #ENV}, else {@value #TEST_ENV}, else null. */
  static String postgresUrl(Map<String, String> env) {
    for (String name : List.of(ENV, TEST_ENV)) {
      String value = env.get(name);
      if (value != null && !value.isBlank()) {
        return value.strip();
      }
    }
    return null;
  }

  static String notSetReason() {
    return "not measured: set "
        + ENV
        + " (or "
        + TEST_ENV
        + ") to a postgresql://USER:PASSWORD@HOST:PORT/DB URL to measure it";
  }

  /**
   * {@code url} as {@code scheme://HOST:PORT/DB}: no user, no password, no parameters. Whatever
   * cannot be read so is shown as {@code postgresql://?}.
   */
  static String where(String url) {
    int scheme = url.indexOf("://");
    if (scheme < 0) {
      return "postgresql://?";
    }
    String rest = url.substring(scheme + 3);
    int query = rest.indexOf('?');
    if (query >= 0) {
      rest = rest.substring(0, query);
    }
    int slash = rest.indexOf('/');
    String authority = slash < 0 ? rest : rest.substring(0, slash);
    String path = slash < 0 ? "" : rest.substring(slash);
    int at = authority.lastIndexOf('@');
    String host = at < 0 ? authority : authority.substring(at + 1);
    String shown = url.substring(0, scheme) + "://" + host + path;
    return shown.matches("[A-Za-z][A-Za-z0-9+.-]*://[A-Za-z0-9.:\\[\\]_-]*(/[A-Za-z0-9_.-]*)?")
        ? shown
        : "postgresql://?";
  }

  static Result measure(Harness.Plan plan, Scene scene, WorldState world, byte[] png) {
    return measure(plan, scene, world, png, null);
  }

  /**
   * Measures the appends, on PostgreSQL too when {@code postgresUrl} is not null.
   *
   * @param postgresUrl a {@code postgresql://} URL, or null for SQLite only
   */
  static Result measure(
      Harness.Plan plan, Scene scene, WorldState world, byte[] png, String postgresUrl) {
    if (postgresUrl == null) {
      return measureWith(plan, scene, world, png, null, null, notSetReason());
    }
    String where = where(postgresUrl);
    TaskTimeline server;
    try {
      server = Timelines.open(postgresUrl, TimelineOptions.DEFAULTS);
    } catch (RuntimeException e) {
      return measureWith(
          plan,
          scene,
          world,
          png,
          null,
          where,
          "not measured: " + where + " could not be opened: " + oneLine(e));
    }
    try (server) {
      return measureWith(plan, scene, world, png, server, where, null);
    }
  }

  /** An exception's message as one line, with no user info and no secret. */
  static String oneLine(Throwable e) {
    String message = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    String redacted = Secrets.redact(Secrets.withoutUserInfo(message));
    int newline = redacted.indexOf('\n');
    return newline < 0 ? redacted : redacted.substring(0, newline);
  }

  private static Result measureWith(
      Harness.Plan plan,
      Scene scene,
      WorldState world,
      byte[] png,
      TaskTimeline server,
      String where,
      String whyNot) {
    Path dir;
    try {
      dir = Files.createTempDirectory("apex-bench-timeline");
    } catch (IOException e) {
      throw new UncheckedIOException("cannot create a temporary folder for the timeline", e);
    }
    try (SqliteTimeline timeline = SqliteTimeline.open(dir.resolve("timeline.db"));
        FileChannel floor =
            FileChannel.open(
                dir.resolve("floor.bin"),
                StandardOpenOption.CREATE,
                StandardOpenOption.WRITE,
                StandardOpenOption.APPEND)) {
      TaskId task = TaskId.random();
      timeline.startTask(task, "bench", "timeline append");
      TaskId serverTask = TaskId.random();
      if (server != null) {
        server.startTask(serverTask, "bench", "apex bench: timeline append");
      }
      PlannedStep step = PlannedStep.of("tap", Map.of("text", "Wi-Fi"));
      StepResult result = StepResult.ok(step, null, 1, Duration.ofMillis(12));
      int[] index = {0};
      int[] serverIndex = {0};
      byte[] bytes =
          concat(
              Json.write(scene).getBytes(StandardCharsets.UTF_8),
              Json.write(world).getBytes(StandardCharsets.UTF_8),
              png);
      List<java.util.function.Supplier<?>> ops = new ArrayList<>();
      ops.add(
          () -> {
            StepRecord record = record(task, ++index[0], scene, step, result, png, world);
            timeline.append(record);
            return record;
          });
      ops.add(
          () -> {
            try {
              floor.write(ByteBuffer.wrap(bytes));
              floor.force(true);
            } catch (IOException e) {
              throw new UncheckedIOException(e);
            }
            return floor;
          });
      if (server != null) {
        ops.add(
            () -> {
              StepRecord record =
                  record(serverTask, ++serverIndex[0], scene, step, result, png, world);
              server.append(record);
              return record;
            });
      }
      List<Measurement> t = Harness.interleaved(plan, ops);
      timeline.finishTask(task, TaskStatus.SUCCEEDED, null);
      Postgres postgres = Postgres.notMeasured(whyNot);
      if (server != null) {
        server.finishTask(serverTask, TaskStatus.SUCCEEDED, null);
        postgres = Postgres.measured(where, t.get(2));
      }
      return new Result(bytes.length, t.get(0), t.get(1), postgres);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write in " + dir, e);
    } finally {
      deleteQuietly(dir);
    }
  }

  private static StepRecord record(
      TaskId task,
      int index,
      Scene scene,
      PlannedStep step,
      StepResult result,
      byte[] png,
      WorldState world) {
    return new StepRecord(
        task,
        index,
        Instant.now(),
        scene,
        step,
        result,
        Duration.ofMillis(3),
        Duration.ZERO,
        Duration.ofMillis(12),
        png,
        new StepExtras(null, null, List.of(), world));
  }

  private static byte[] concat(byte[]... parts) {
    int n = 0;
    for (byte[] p : parts) {
      n += p.length;
    }
    ByteBuffer out = ByteBuffer.allocate(n);
    for (byte[] p : parts) {
      out.put(p);
    }
    return out.array();
  }

  static void deleteQuietly(Path dir) {
    try (Stream<Path> files = Files.walk(dir)) {
      List<Path> all = new ArrayList<>(files.toList());
      all.sort(Comparator.reverseOrder());
      for (Path p : all) {
        Files.deleteIfExists(p);
      }
    } catch (IOException | UncheckedIOException e) {
      // A leftover temporary file is not worth failing a benchmark over.
    }
  }
}

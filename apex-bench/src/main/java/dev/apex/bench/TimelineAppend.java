package dev.apex.bench;

import dev.apex.core.Json;
import dev.apex.core.PlannedStep;
import dev.apex.core.Scene;
import dev.apex.core.StepResult;
import dev.apex.core.TaskId;
import dev.apex.core.TaskStatus;
import dev.apex.storage.SqliteTimeline;
import dev.apex.timeline.StepExtras;
import dev.apex.timeline.StepRecord;
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
 */
public final class TimelineAppend {

  /**
   * @param bytes the bytes of one step (scene JSON, world state JSON, PNG)
   * @param append one {@link SqliteTimeline#append}
   * @param fsync a write of {@code bytes} and {@link FileChannel#force}
   */
  public record Result(int bytes, Measurement append, Measurement fsync) {}

  private TimelineAppend() {}

  static Result measure(Harness.Plan plan, Scene scene, WorldState world, byte[] png) {
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
      PlannedStep step = PlannedStep.of("tap", Map.of("text", "Wi-Fi"));
      StepResult result = StepResult.ok(step, null, 1, Duration.ofMillis(12));
      int[] index = {0};
      byte[] bytes =
          concat(
              Json.write(scene).getBytes(StandardCharsets.UTF_8),
              Json.write(world).getBytes(StandardCharsets.UTF_8),
              png);
      List<Measurement> t =
          Harness.interleaved(
              plan,
              List.of(
                  () -> {
                    StepRecord record =
                        new StepRecord(
                            task,
                            ++index[0],
                            Instant.now(),
                            scene,
                            step,
                            result,
                            Duration.ofMillis(3),
                            Duration.ZERO,
                            Duration.ofMillis(12),
                            png,
                            new StepExtras(null, null, List.of(), world));
                    timeline.append(record);
                    return record;
                  },
                  () -> {
                    try {
                      floor.write(ByteBuffer.wrap(bytes));
                      floor.force(true);
                    } catch (IOException e) {
                      throw new UncheckedIOException(e);
                    }
                    return floor;
                  }));
      timeline.finishTask(task, TaskStatus.SUCCEEDED, null);
      return new Result(bytes.length, t.get(0), t.get(1));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write in " + dir, e);
    } finally {
      deleteQuietly(dir);
    }
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

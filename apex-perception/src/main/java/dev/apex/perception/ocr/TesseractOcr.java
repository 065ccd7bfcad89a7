package dev.apex.perception.ocr;

import dev.apex.perception.OcrBox;
import dev.apex.perception.OcrEngine;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * OCR with the {@code tesseract} command line: {@code tesseract IN.png OUT --psm 11 tsv}. Page
 * segmentation mode 11 ("sparse text": find as much text as possible, in no particular order) reads
 * the scattered labels of a UI best. Words are grouped into line boxes by {@link TesseractTsv}.
 *
 * <p>Each call runs one process with a timeout (killed past it) and one thread ({@code
 * OMP_THREAD_LIMIT=1}: screens are small and cores shared). Never throws for an unreadable image, a
 * failing or missing binary or a timeout: it returns an empty list and logs why at FINE. {@link
 * #available()} runs {@code tesseract --version} once and caches the answer. Thread-safe.
 */
public final class TesseractOcr implements OcrEngine {

  /** Time one recognition may take before its process is killed. */
  public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(30);

  /** Lines whose mean word confidence is lower are dropped. */
  public static final double DEFAULT_MIN_CONFIDENCE = 0.4;

  private static final Logger LOG = Logger.getLogger(TesseractOcr.class.getName());

  private final String binary;
  private final Duration timeout;
  private final double minConfidence;
  private volatile Boolean available;

  /** {@code tesseract} from the PATH, with the default timeout and confidence floor. */
  public TesseractOcr() {
    this("tesseract", DEFAULT_TIMEOUT, DEFAULT_MIN_CONFIDENCE);
  }

  /**
   * @param binary the command, a name on the PATH or a path
   * @param timeout how long one recognition may run
   * @param minConfidence in [0, 1]; lines below it are dropped
   */
  public TesseractOcr(String binary, Duration timeout, double minConfidence) {
    this.binary = Objects.requireNonNull(binary, "binary");
    this.timeout = Objects.requireNonNull(timeout, "timeout");
    if (timeout.isNegative() || timeout.isZero()) {
      throw new IllegalArgumentException("timeout must be positive, got " + timeout);
    }
    if (minConfidence < 0 || minConfidence > 1) {
      throw new IllegalArgumentException("minConfidence must be in [0, 1], got " + minConfidence);
    }
    this.minConfidence = minConfidence;
  }

  @Override
  public boolean available() {
    Boolean known = available;
    if (known == null) {
      known = run(List.of(binary, "--version")) == 0;
      available = known;
    }
    return known;
  }

  @Override
  public List<OcrBox> recognize(byte[] png) {
    if (png == null || png.length == 0 || !available()) {
      return List.of();
    }
    Path dir = null;
    try {
      dir = Files.createTempDirectory("apex-ocr");
      Path image = dir.resolve("screen.png");
      Files.write(image, png);
      Path base = dir.resolve("out");
      int exit = run(List.of(binary, image.toString(), base.toString(), "--psm", "11", "tsv"));
      Path tsv = dir.resolve("out.tsv");
      if (exit != 0 || !Files.isRegularFile(tsv)) {
        LOG.fine(() -> "tesseract exited with " + exit + "; no text read");
        return List.of();
      }
      return TesseractTsv.lines(Files.readString(tsv, StandardCharsets.UTF_8), minConfidence);
    } catch (IOException e) {
      LOG.log(Level.FINE, "OCR failed; no text read", e);
      return List.of();
    } finally {
      deleteQuietly(dir);
    }
  }

  /** Runs a command to its end or the timeout; the exit code, or -1 when it could not finish. */
  private int run(List<String> command) {
    ProcessBuilder builder =
        new ProcessBuilder(command)
            .redirectErrorStream(true)
            .redirectOutput(ProcessBuilder.Redirect.DISCARD);
    builder.environment().put("OMP_THREAD_LIMIT", "1");
    Process process;
    try {
      process = builder.start();
    } catch (IOException e) {
      LOG.fine(() -> "cannot start " + command.get(0) + ": " + e.getMessage());
      return -1;
    }
    try {
      if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
        process.destroyForcibly();
        LOG.fine(() -> command.get(0) + " timed out after " + timeout);
        return -1;
      }
      return process.exitValue();
    } catch (InterruptedException e) {
      process.destroyForcibly();
      Thread.currentThread().interrupt();
      return -1;
    }
  }

  private static void deleteQuietly(Path dir) {
    if (dir == null) {
      return;
    }
    try (var files = Files.list(dir)) {
      for (Path f : (Iterable<Path>) files::iterator) {
        Files.deleteIfExists(f);
      }
      Files.deleteIfExists(dir);
    } catch (IOException e) {
      LOG.log(Level.FINE, "cannot delete " + dir, e);
    }
  }
}

package dev.apex.bench;

import com.fasterxml.jackson.databind.JsonNode;
import dev.apex.core.InvalidInputException;
import dev.apex.core.Json;
import dev.apex.core.RawCapture;
import dev.apex.core.ScreenSize;
import dev.apex.core.TreeFormat;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One real UI dump from the data folder, as a device would hand it over.
 *
 * @param file its path in the data folder, e.g. {@code android/xiaocong_launcher_480x800.xml}
 * @param nodes the node count {@code MANIFEST.json} states
 * @param format the tree's format, from its folder
 * @param screen the screen in pixels; iOS dumps speak points, scaled as real devices do
 * @param bytes the file's bytes, unchanged (BOMs and trailers included)
 */
public record Dump(String file, int nodes, TreeFormat format, ScreenSize screen, byte[] bytes) {

  /** Screenshot pixels per point of the iOS dumps, by screen size in points (real devices). */
  private static final Map<String, Double> IOS_SCALE =
      Map.of("375x667", 2.0, "390x844", 3.0, "414x896", 2.0);

  public Dump {
    Objects.requireNonNull(file, "file");
    Objects.requireNonNull(format, "format");
    Objects.requireNonNull(screen, "screen");
    Objects.requireNonNull(bytes, "bytes");
  }

  /** A capture of this dump, without a screenshot; the bytes are shared, not copied. */
  public RawCapture capture() {
    return new RawCapture("bench", format, bytes, null, screen);
  }

  /** Every dump {@code MANIFEST.json} in {@code dir} lists, in its order. */
  public static List<Dump> loadAll(Path dir) {
    Objects.requireNonNull(dir, "dir");
    JsonNode manifest;
    try {
      manifest = Json.mapper().readTree(dir.resolve(BenchData.MANIFEST).toFile());
    } catch (IOException e) {
      throw new InvalidInputException(
          "cannot read " + dir.resolve(BenchData.MANIFEST) + ": " + e.getMessage(), e);
    }
    List<Dump> dumps = new ArrayList<>();
    for (JsonNode entry : manifest) {
      String file = entry.path("file").asText();
      try {
        dumps.add(
            new Dump(
                file,
                entry.path("nodes").asInt(),
                formatOf(file),
                screenOf(file, entry),
                Files.readAllBytes(dir.resolve(file))));
      } catch (IOException | RuntimeException e) {
        throw new InvalidInputException(
            "cannot load dump " + file + " listed in " + BenchData.MANIFEST + ": " + e, e);
      }
    }
    return dumps;
  }

  static TreeFormat formatOf(String file) {
    if (file.startsWith("ios/")) {
      return TreeFormat.WDA_XML;
    }
    return file.startsWith("android-appium-variant/")
        ? TreeFormat.APPIUM_UIA2_XML
        : TreeFormat.UIAUTOMATOR_XML;
  }

  private static ScreenSize screenOf(String file, JsonNode entry) {
    if (file.startsWith("ios/")) {
      String pt = entry.path("screen_pt").asText();
      double scale = IOS_SCALE.getOrDefault(pt, 2.0);
      int[] wh = size(pt);
      return new ScreenSize(
          (int) Math.round(wh[0] * scale), (int) Math.round(wh[1] * scale), scale);
    }
    int[] wh = size(entry.path("screen_px").asText());
    return ScreenSize.pixels(wh[0], wh[1]);
  }

  private static int[] size(String widthByHeight) {
    String[] parts = widthByHeight.split("x");
    if (parts.length != 2) {
      throw new IllegalArgumentException(
          "screen size must read WIDTHxHEIGHT, was " + widthByHeight);
    }
    return new int[] {Integer.parseInt(parts[0].strip()), Integer.parseInt(parts[1].strip())};
  }

  @Override
  public String toString() {
    return file;
  }
}

package dev.apex.perception;

import com.fasterxml.jackson.databind.JsonNode;
import dev.apex.core.Json;
import dev.apex.core.RawCapture;
import dev.apex.core.ScreenSize;
import dev.apex.core.TreeFormat;
import dev.apex.testkit.TestData;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** The shared real dumps as captures, with the node counts MANIFEST.json states. */
public final class Dumps {

  /** Screenshot pixels per point for the iOS dumps, by screen size in points (real devices). */
  private static final Map<String, Double> IOS_SCALE =
      Map.of("375x667", 2.0, "390x844", 3.0, "414x896", 2.0);

  /** One dump of the manifest. */
  public record Dump(String file, int nodes, TreeFormat format, ScreenSize screen) {

    public byte[] bytes() {
      return TestData.bytes(file);
    }

    public RawCapture capture() {
      return new RawCapture("test", format, bytes(), null, screen);
    }

    @Override
    public String toString() {
      return file;
    }
  }

  private Dumps() {}

  public static List<Dump> all() {
    JsonNode manifest;
    try {
      manifest = Json.mapper().readTree(TestData.file("MANIFEST.json").toFile());
    } catch (IOException e) {
      throw new AssertionError("cannot read MANIFEST.json", e);
    }
    List<Dump> dumps = new ArrayList<>();
    for (JsonNode entry : manifest) {
      String file = entry.get("file").asText();
      int nodes = entry.get("nodes").asInt();
      if (file.startsWith("ios/")) {
        String pt = entry.get("screen_pt").asText();
        double scale = IOS_SCALE.getOrDefault(pt, 2.0);
        String[] wh = pt.split("x");
        ScreenSize screen =
            new ScreenSize(
                (int) Math.round(Integer.parseInt(wh[0]) * scale),
                (int) Math.round(Integer.parseInt(wh[1]) * scale),
                scale);
        dumps.add(new Dump(file, nodes, TreeFormat.WDA_XML, screen));
      } else {
        String[] wh = entry.get("screen_px").asText().split("x");
        ScreenSize screen = ScreenSize.pixels(Integer.parseInt(wh[0]), Integer.parseInt(wh[1]));
        TreeFormat format =
            file.startsWith("android-appium-variant/")
                ? TreeFormat.APPIUM_UIA2_XML
                : TreeFormat.UIAUTOMATOR_XML;
        dumps.add(new Dump(file, nodes, format, screen));
      }
    }
    return dumps;
  }

  public static Dump named(String file) {
    return all().stream()
        .filter(d -> d.file().equals(file))
        .findFirst()
        .orElseThrow(() -> new AssertionError("not in MANIFEST.json: " + file));
  }
}

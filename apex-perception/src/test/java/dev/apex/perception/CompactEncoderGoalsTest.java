package dev.apex.perception;

import static org.assertj.core.api.Assertions.assertThat;

import com.knuddels.jtokkit.Encodings;
import com.knuddels.jtokkit.api.Encoding;
import com.knuddels.jtokkit.api.EncodingType;
import dev.apex.core.Scene;
import dev.apex.core.SceneElement;
import dev.apex.perception.Dumps.Dump;
import dev.apex.perception.tree.UiNode;
import dev.apex.perception.tree.UiTree;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/**
 * The goals the compact encoding must hold on every real dump, measured in cl100k_base tokens: M1
 * compression (median ≤ 1/25, structural overhead ≤ 1/12 on each dump) and M2 retention (every
 * visible interactive node is one element containing its centre). Prints the per-dump figures.
 */
class CompactEncoderGoalsTest {

  private static final Encoding TOKENS =
      Encodings.newDefaultEncodingRegistry().getEncoding(EncodingType.CL100K_BASE);

  record Figures(
      String file,
      int rawTokens,
      int encodedTokens,
      int textTokens,
      double ratio,
      double overhead,
      int interactive,
      int retained,
      int ambiguous) {}

  static String decode(byte[] bytes) {
    if (bytes.length >= 2 && (bytes[0] & 0xFF) == 0xFF && (bytes[1] & 0xFF) == 0xFE) {
      return new String(bytes, 2, bytes.length - 2, StandardCharsets.UTF_16LE);
    }
    return new String(bytes, StandardCharsets.UTF_8);
  }

  static Figures measure(Dump dump) {
    byte[] bytes = dump.bytes();
    UiTree tree = TreeParsers.parse(dump.capture());
    Scene scene = SceneBuilder.build(tree, List.of());
    String encoded = CompactEncoder.encode(scene);
    int raw = TOKENS.countTokensOrdinary(decode(bytes));
    int enc = TOKENS.countTokensOrdinary(encoded);
    int texts = 0;
    for (SceneElement e : scene.elements()) {
      texts += TOKENS.countTokensOrdinary(e.text());
    }
    int interactive = 0;
    int retained = 0;
    int ambiguous = 0;
    for (UiNode node : tree.nodes()) {
      if (!node.visible() || !node.bounds().hasArea() || !node.interactive()) {
        continue;
      }
      interactive++;
      String id = ElementIds.of(node);
      int cx = node.bounds().centerX();
      int cy = node.bounds().centerY();
      List<SceneElement> same = scene.elements().stream().filter(e -> e.id().equals(id)).toList();
      if (same.size() == 1 && same.get(0).bounds().contains(cx, cy)) {
        retained++;
      }
      long labels =
          scene.elements().stream()
              .filter(e -> e.bounds().contains(cx, cy) && !e.text().isEmpty())
              .map(e -> e.text().toLowerCase(Locale.ROOT))
              .distinct()
              .count();
      if (labels > 1) {
        ambiguous++;
      }
    }
    return new Figures(
        dump.file(),
        raw,
        enc,
        texts,
        (double) enc / raw,
        (double) (enc - texts) / (raw - texts),
        interactive,
        retained,
        ambiguous);
  }

  @Test
  void compressionAndRetentionHoldOnEveryDump() {
    List<Figures> all = new ArrayList<>();
    for (Dump dump : Dumps.all()) {
      all.add(measure(dump));
    }
    StringBuilder table = new StringBuilder();
    table.append(
        String.format(
            Locale.ROOT,
            "%-72s %6s %5s %5s %7s %8s %5s %5s %5s%n",
            "dump",
            "raw",
            "enc",
            "text",
            "ratio",
            "overhead",
            "inter",
            "kept",
            "ambig"));
    for (Figures f : all) {
      table.append(
          String.format(
              Locale.ROOT,
              "%-72s %6d %5d %5d 1/%-5.1f 1/%-6.1f %5d %5d %5d%n",
              f.file(),
              f.rawTokens(),
              f.encodedTokens(),
              f.textTokens(),
              1 / f.ratio(),
              1 / f.overhead(),
              f.interactive(),
              f.retained(),
              f.ambiguous()));
    }
    double[] ratios = all.stream().mapToDouble(Figures::ratio).sorted().toArray();
    double median =
        ratios.length % 2 == 1
            ? ratios[ratios.length / 2]
            : (ratios[ratios.length / 2 - 1] + ratios[ratios.length / 2]) / 2;
    table.append(String.format(Locale.ROOT, "median ratio 1/%.1f%n", 1 / median));
    System.out.print(table);

    assertThat(median).as("M1 median compression").isLessThanOrEqualTo(1.0 / 25);
    for (Figures f : all) {
      assertThat(f.overhead())
          .as("M1 structural overhead of " + f.file())
          .isLessThanOrEqualTo(1.0 / 12);
      assertThat(f.retained()).as("M2 retention of " + f.file()).isEqualTo(f.interactive());
    }
  }
}

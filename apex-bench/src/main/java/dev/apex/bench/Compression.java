package dev.apex.bench;

import dev.apex.core.Scene;
import dev.apex.core.SceneElement;
import dev.apex.perception.CompactEncoder;
import dev.apex.perception.SceneBuilder;
import dev.apex.perception.TreeParsers;
import dev.apex.perception.tree.UiTree;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * M1: how many tokens an observation costs in our compact encoding, against the raw dump a peer
 * would send. Deterministic: no timing.
 */
public final class Compression {

  private Compression() {}

  /** Parses, builds (no OCR: dumps have no screenshot) and encodes every dump, counting tokens. */
  public static CompressionResult measure(List<Dump> dumps) {
    Objects.requireNonNull(dumps, "dumps");
    List<CompressionResult.Row> rows = new ArrayList<>(dumps.size());
    for (Dump dump : dumps) {
      rows.add(measure(dump));
    }
    return new CompressionResult(rows);
  }

  static CompressionResult.Row measure(Dump dump) {
    UiTree tree = TreeParsers.parse(dump.capture());
    Scene scene = SceneBuilder.build(tree, List.of());
    String encoded = CompactEncoder.encode(scene);
    int textTokens = 0;
    int texts = 0;
    int whole = 0;
    for (SceneElement e : scene.elements()) {
      if (e.text().isEmpty()) {
        continue;
      }
      texts++;
      textTokens += Tokens.count(e.text());
      if (encoded.contains(escaped(e.text()))) {
        whole++;
      }
    }
    return new CompressionResult.Row(
        dump.file(),
        dump.nodes(),
        Tokens.count(Tokens.text(dump.bytes())),
        Tokens.count(encoded),
        textTokens,
        texts,
        whole);
  }

  /** A text as the encoding writes it (its documented escapes), to check it is carried whole. */
  private static String escaped(String text) {
    return text.replace("\\", "\\\\").replace("\n", "\\n").replace("\r", "\\r");
  }
}

package dev.apex.bench;

import dev.apex.testkit.TestData;
import java.util.List;

/**
 * The shared real dumps, found the test kit's way (skipped locally, failing under CI when absent).
 */
final class RealDumps {

  private static List<Dump> all;

  private RealDumps() {}

  static synchronized List<Dump> all() {
    if (all == null) {
      all = Dump.loadAll(TestData.dir());
    }
    return all;
  }
}

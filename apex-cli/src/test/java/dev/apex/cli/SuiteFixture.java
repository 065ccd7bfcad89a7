package dev.apex.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Flows of a suite on the simulated phone, written into a folder for {@code apex test}. */
final class SuiteFixture {

  private SuiteFixture() {}

  static Path write(Path dir, String file, String yaml) throws IOException {
    Path path = dir.resolve(file);
    Files.createDirectories(path.getParent());
    Files.writeString(path, yaml);
    return path;
  }

  /**
   * Five flows: two that pass (tagged smoke), one whose second step fails, one past its 1 ms
   * timeout (both tagged regression), and a draft tagged smoke and wip.
   */
  static Path tagged(Path dir) throws IOException {
    Path suite = dir.resolve("flows");
    write(
        suite,
        "settings/wifi-on.yaml",
        """
        name: Turn Wi-Fi on
        tags: [smoke, wifi]
        steps:
          - launch_app: com.android.settings
          - tap: { text: "Wi-Fi" }
          - tap: { element: "com.android.settings:id/wifi_switch" }
          - assert_visible: { id: "com.android.settings:id/wifi_switch", checked: true }
        """);
    write(
        suite,
        "notes/apps.yaml",
        """
        name: Settings then Notes
        tags: [smoke]
        steps:
          - launch_app: com.android.settings
          - launch_app: com.apex.sim.notes
          - terminate_app: com.apex.sim.notes
        """);
    write(
        suite,
        "settings/broken.yaml",
        """
        name: Opens an app that is not installed
        tags: [regression]
        steps:
          - launch_app: com.android.settings
          - launch_app: com.example.missing
          - launch_app: com.android.settings
        """);
    write(
        suite,
        "slow.yaml",
        """
        name: Runs past its timeout
        tags: [regression]
        timeout: 1ms
        steps:
          - launch_app: com.android.settings
          - launch_app: com.apex.sim.notes
          - launch_app: com.android.settings
          - launch_app: com.apex.sim.notes
        """);
    write(
        suite,
        "wip/draft.yaml",
        """
        name: Draft
        tags: [smoke, wip]
        steps:
          - launch_app: com.android.settings
        """);
    return suite;
  }

  /** {@code count} one-step flows, {@code f0.yaml} … */
  static Path small(Path dir, int count) throws IOException {
    Path suite = dir.resolve("small");
    for (int i = 0; i < count; i++) {
      write(
          suite,
          "f" + i + ".yaml",
          "name: Small " + i + "\nsteps:\n  - launch_app: com.android.settings\n");
    }
    return suite;
  }
}

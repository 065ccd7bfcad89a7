package dev.apex.testkit.adb;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

/** The device commands {@link FakeShell} knows, printing what real Android prints. */
final class FakeCommands {

  private FakeCommands() {}

  static int uiautomator(FakePhone phone, List<String> args, Consumer<byte[]> out) {
    if (args.size() < 1 || !args.get(0).equals("dump")) {
      return print(out, "Usage: uiautomator <subcommand> [options]\n", 1);
    }
    String path =
        args.stream()
            .skip(1)
            .filter(a -> !a.startsWith("--"))
            .findFirst()
            .orElse("/sdcard/window_dump.xml");
    String error = phone.pollDumpError();
    if (error != null) {
      // uiautomator exits 0 even when it fails: only the text tells.
      return print(out, error + "\n", 0);
    }
    if (path.equals("/dev/tty")) {
      byte[] tty = phone.ttyBytes();
      if (tty != null) {
        out.accept(tty);
      } else {
        out.accept(phone.dumpBytes());
        print(out, FakeShell.TRAILER_PREFIX + path + "\n", 0);
      }
      return 0;
    }
    phone.writeFile(path, phone.dumpBytes());
    return print(out, FakeShell.TRAILER_PREFIX + path + "\n", 0);
  }

  static int screencap(FakePhone phone, List<String> args, Consumer<byte[]> out) {
    if (!args.contains("-p")) {
      return print(out, "fake screencap: only -p (PNG) is supported\n", 1);
    }
    out.accept(phone.screenshot());
    return 0;
  }

  static int input(FakePhone phone, List<String> args, Consumer<byte[]> out) {
    if (args.isEmpty()) {
      return print(out, "Error: no input command\n", 1);
    }
    String verb = args.get(0);
    List<String> rest = args.subList(1, args.size());
    switch (verb) {
      case "tap" -> {
        if (rest.size() != 2 || !allInts(rest)) {
          return print(out, "Error: Usage: input tap <x> <y>\n", 1);
        }
        phone.event("tap " + String.join(" ", rest));
      }
      case "swipe" -> {
        if ((rest.size() != 4 && rest.size() != 5) || !allInts(rest)) {
          return print(out, "Error: Usage: input swipe <x1> <y1> <x2> <y2> [duration(ms)]\n", 1);
        }
        phone.event("swipe " + String.join(" ", rest));
      }
      case "draganddrop" -> {
        // Android 7 (API 24) added the verb; older input does not know it.
        if (phone.sdkLevelNow() < 24) {
          return print(out, "Error: Unknown command: draganddrop\n", 1);
        }
        if ((rest.size() != 4 && rest.size() != 5) || !allInts(rest)) {
          return print(
              out, "Error: Usage: input draganddrop <x1> <y1> <x2> <y2> [duration(ms)]\n", 1);
        }
        phone.event("draganddrop " + String.join(" ", rest));
      }
      case "text" -> {
        if (rest.isEmpty()) {
          return print(out, "Error: Usage: input text <string>\n", 1);
        }
        // input types its first argument only, turning each %s into a space.
        String text = decodeInputText(rest.get(0));
        phone.event("text " + text);
        phone.type(text);
      }
      case "keyevent" -> {
        for (String code : rest) {
          phone.event("keyevent " + code);
          if (code.equals("3") || code.equals("KEYCODE_HOME")) {
            phone.foreground(FakePhone.LAUNCHER);
          }
        }
      }
      default -> {
        return print(out, "Error: Unknown command: " + verb + "\n", 1);
      }
    }
    return 0;
  }

  static int monkey(FakePhone phone, List<String> args, Consumer<byte[]> out) {
    int p = args.indexOf("-p");
    String pkg = p >= 0 && p + 1 < args.size() ? args.get(p + 1) : "";
    Optional<String> launcher = phone.launcherOf(pkg);
    if (launcher.isEmpty()) {
      return print(
          out,
          "  bash arg: -p\n  bash arg: "
              + pkg
              + "\n  bash arg: -c\n  bash arg: android.intent.category.LAUNCHER\n  bash arg: 1\n"
              + "args: "
              + args
              + "\n ** No activities found to run, monkey aborted.\n",
          252);
    }
    phone.foreground(pkg + "/" + launcher.get());
    return print(
        out,
        "  bash arg: -p\n  bash arg: "
            + pkg
            + "\nEvents injected: 1\n## Network stats: elapsed time=9ms (0ms mobile, 0ms wifi,"
            + " 9ms not connected)\n",
        0);
  }

  static int am(FakePhone phone, List<String> args, Consumer<byte[]> out) {
    if (args.size() >= 3 && args.get(0).equals("start") && args.get(1).equals("-n")) {
      String component = args.get(2);
      print(out, "Starting: Intent { cmp=" + component + " }\n", 0);
      int slash = component.indexOf('/');
      String pkg = slash > 0 ? component.substring(0, slash) : component;
      String activity = slash > 0 ? component.substring(slash + 1) : "";
      Optional<String> launcher = phone.launcherOf(pkg);
      boolean known =
          launcher.isPresent()
              && (launcher.get().equals(activity) || (pkg + launcher.get()).equals(activity));
      if (!known) {
        return print(
            out,
            "Error type 3\nError: Activity class {"
                + pkg
                + "/"
                + (activity.startsWith(".") ? pkg + activity : activity)
                + "} does not exist.\n",
            1);
      }
      phone.foreground(pkg + "/" + launcher.get());
      return 0;
    }
    if (args.size() == 2 && args.get(0).equals("force-stop")) {
      if (phone.currentPackage().equals(args.get(1))) {
        phone.foreground(FakePhone.LAUNCHER);
      }
      phone.event("force-stop " + args.get(1));
      return 0;
    }
    return print(out, "Error: unknown am command " + args + "\n", 1);
  }

  static int dumpsys(FakePhone phone, List<String> args, Consumer<byte[]> out) {
    String what = String.join(" ", args);
    String[] parts = phone.currentActivity().split("/", 2);
    String record = parts[0] + "/" + parts[1];
    return switch (what) {
      case "window windows", "window" ->
          print(
              out,
              "WINDOW MANAGER WINDOWS (dumpsys window windows)\n  Window #0 Window{1b2c3d u0 "
                  + record
                  + "}:\n    mDisplayId=0 rootTaskId=12 mSession=Session{9f8e7d 4321:u0a10123}\n"
                  + "  mCurrentFocus="
                  + (phone.systemWindowFocusedNow()
                      ? "Window{5e6f7a u0 NotificationShade}"
                      : "Window{1b2c3d u0 " + record + "}")
                  + "\n  mFocusedApp=null\n",
              0);
      case "activity activities" ->
          print(
              out,
              "ACTIVITY MANAGER ACTIVITIES (dumpsys activity activities)\nDisplay #0 (activities"
                  + " from top to bottom):\n    mResumedActivity: ActivityRecord{4d5e6f u0 "
                  + record
                  + " t12}\n",
              0);
      case "activity top" ->
          print(
              out,
              "TASK 10012:"
                  + parts[0]
                  + " id=12 userId=0\n  ACTIVITY "
                  + record
                  + " 4d5e6f pid=4321\n",
              0);
      default -> print(out, "Can't find service: " + what + "\n", 0);
    };
  }

  /** What {@code input text} does to its argument: each {@code %s} becomes a space. */
  static String decodeInputText(String arg) {
    StringBuilder buff = new StringBuilder(arg);
    boolean escape = false;
    for (int i = 0; i < buff.length(); i++) {
      if (escape) {
        escape = false;
        if (buff.charAt(i) == 's') {
          buff.setCharAt(i, ' ');
          buff.deleteCharAt(--i);
        }
      }
      if (buff.charAt(i) == '%') {
        escape = true;
      }
    }
    return buff.toString();
  }

  private static boolean allInts(List<String> args) {
    return args.stream().allMatch(a -> a.matches("-?\\d+"));
  }

  private static int print(Consumer<byte[]> out, String text, int status) {
    out.accept(text.getBytes(StandardCharsets.UTF_8));
    return status;
  }
}

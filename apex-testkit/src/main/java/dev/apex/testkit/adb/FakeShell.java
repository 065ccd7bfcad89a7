package dev.apex.testkit.adb;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Runs a command line the way a phone's {@code sh -c} would, for the commands a driver sends:
 * quoting and backslash escapes, {@code ;} and {@code &&}, then {@code uiautomator}, {@code
 * screencap}, {@code input}, {@code monkey}, {@code am}, {@code dumpsys}, {@code wm}, {@code
 * getprop}, {@code cat}, {@code rm}, {@code echo}. Parsing like a shell matters: it is what checks
 * a driver's escaping.
 */
final class FakeShell {

  static final String TRAILER_PREFIX = "UI hierchary dumped to: ";

  private final FakePhone phone;
  private final ByteArrayOutputStream out = new ByteArrayOutputStream();

  private FakeShell(FakePhone phone) {
    this.phone = phone;
  }

  /** Runs {@code line} on {@code phone}; returns stdout and stderr together, as adb's exec does. */
  static byte[] run(FakePhone phone, String line) {
    FakeShell shell = new FakeShell(phone);
    int status = 0;
    for (Command command : parse(line)) {
      if (command.andThen() && status != 0) {
        continue;
      }
      status = command.argv().isEmpty() ? 0 : shell.exec(command.argv());
    }
    return shell.out.toByteArray();
  }

  private int exec(List<String> argv) {
    String name = argv.get(0);
    List<String> args = argv.subList(1, argv.size());
    return switch (name) {
      case "echo" -> print(String.join(" ", args) + "\n", 0);
      case "rm" -> {
        args.stream().filter(a -> !a.startsWith("-")).forEach(phone::removeFile);
        yield 0;
      }
      case "cat" -> cat(args);
      case "uiautomator" -> FakeCommands.uiautomator(phone, args, this::write);
      case "screencap" -> FakeCommands.screencap(phone, args, this::write);
      case "input" -> FakeCommands.input(phone, args, this::write);
      case "monkey" -> FakeCommands.monkey(phone, args, this::write);
      case "am" -> FakeCommands.am(phone, args, this::write);
      case "dumpsys" -> FakeCommands.dumpsys(phone, args, this::write);
      case "wm" -> print(phone.wmSizeOutput(), 0);
      case "getprop" -> getprop(args);
      default -> print("/system/bin/sh: " + name + ": inaccessible or not found\n", 127);
    };
  }

  /** The one property drivers read; getprop prints an empty line for a property it lacks. */
  private int getprop(List<String> args) {
    if (args.size() == 1 && args.get(0).equals("ro.build.version.sdk")) {
      return print(phone.sdkLevelNow() + "\n", 0);
    }
    return print("\n", 0);
  }

  private int cat(List<String> args) {
    for (String path : args) {
      byte[] content = phone.readFile(path);
      if (content == null) {
        return print("cat: " + path + ": No such file or directory\n", 1);
      }
      write(content);
    }
    return 0;
  }

  private int print(String text, int status) {
    write(text.getBytes(StandardCharsets.UTF_8));
    return status;
  }

  private void write(byte[] bytes) {
    out.writeBytes(bytes);
  }

  /** One simple command; {@code andThen} when it follows {@code &&} rather than {@code ;}. */
  record Command(List<String> argv, boolean andThen) {}

  /** Splits a line into simple commands and words, removing quotes and backslashes as sh does. */
  static List<Command> parse(String line) {
    List<Command> commands = new ArrayList<>();
    List<String> argv = new ArrayList<>();
    StringBuilder word = null;
    boolean andThen = false;
    char quote = 0;
    for (int i = 0; i < line.length(); i++) {
      char c = line.charAt(i);
      if (quote == '\'') {
        if (c == '\'') {
          quote = 0;
        } else {
          word.append(c);
        }
      } else if (quote == '"') {
        if (c == '"') {
          quote = 0;
        } else if (c == '\\'
            && i + 1 < line.length()
            && "$`\"\\".indexOf(line.charAt(i + 1)) >= 0) {
          word.append(line.charAt(++i));
        } else {
          word.append(c);
        }
      } else if (c == '\\' && i + 1 < line.length()) {
        word = word == null ? new StringBuilder() : word;
        word.append(line.charAt(++i));
      } else if (c == '\'' || c == '"') {
        word = word == null ? new StringBuilder() : word;
        quote = c;
      } else if (Character.isWhitespace(c) || c == ';' || (c == '&' && line.startsWith("&&", i))) {
        if (word != null) {
          argv.add(word.toString());
          word = null;
        }
        if (c == ';' || c == '&') {
          commands.add(new Command(List.copyOf(argv), andThen));
          argv.clear();
          andThen = c == '&';
          if (c == '&') {
            i++;
          }
        }
      } else {
        word = word == null ? new StringBuilder() : word;
        word.append(c);
      }
    }
    if (word != null) {
      argv.add(word.toString());
    }
    commands.add(new Command(List.copyOf(argv), andThen));
    return commands;
  }
}

package dev.apex.device.android;

import dev.apex.core.DeviceException;
import dev.apex.core.DeviceText;
import dev.apex.core.RawCapture;
import dev.apex.core.ScreenSize;
import dev.apex.core.TreeFormat;
import java.nio.charset.StandardCharsets;

/**
 * One observation: {@code uiautomator dump} then {@code screencap -p}. Checks that both arrived
 * whole, because a connection closed mid-stream looks like a normal end of output to the adb
 * protocol. Every failure is a retriable {@link DeviceException}.
 */
final class AndroidCapture {

  private final DeviceShell shell;
  private final AndroidOptions.DumpMode mode;

  AndroidCapture(DeviceShell shell, AndroidOptions.DumpMode mode) {
    this.shell = shell;
    this.mode = mode;
  }

  RawCapture capture() {
    byte[] tree = mode == AndroidOptions.DumpMode.TTY ? dumpToTty() : dumpToFile();
    byte[] png = screenshot();
    ScreenSize screen = ScreenSize.pixels(Png.width(png), Png.height(png));
    return new RawCapture(shell.deviceId(), TreeFormat.UIAUTOMATOR_XML, tree, png, screen);
  }

  /**
   * The dump alone, no {@code screencap}; {@code natural} is the display's size in its natural
   * orientation ({@code wm size}), turned when the dump says the display is rotated a quarter.
   */
  RawCapture captureTree(ScreenSize natural) {
    byte[] tree = mode == AndroidOptions.DumpMode.TTY ? dumpToTty() : dumpToFile();
    ScreenSize screen =
        UiDump.rotation(tree) % 2 == 1
            ? ScreenSize.pixels(natural.height(), natural.width())
            : natural;
    return new RawCapture(shell.deviceId(), TreeFormat.UIAUTOMATOR_XML, tree, null, screen);
  }

  byte[] dumpToFile() {
    String command = AndroidCommands.dumpToFile();
    String status = new String(shell.exec(command), StandardCharsets.UTF_8);
    UiDump.checkOutput(shell.deviceId(), command, status);
    if (!status.contains("success")) {
      throw new DeviceException(
          shell.deviceId(),
          "'"
              + command
              + "' did not report success (got '"
              + DeviceText.excerpt(status.strip(), 200)
              + "'): the dump was not written");
    }
    byte[] xml = shell.exec(AndroidCommands.catDumpFile());
    return requireComplete(xml, AndroidCommands.catDumpFile());
  }

  byte[] dumpToTty() {
    String command = AndroidCommands.dumpToTty();
    byte[] output = shell.shell(command);
    if (!UiDump.isComplete(output)) {
      UiDump.checkOutput(
          shell.deviceId(), command, new String(output, StandardCharsets.ISO_8859_1));
    }
    return requireComplete(UiDump.cutTrailer(output), command);
  }

  byte[] screenshot() {
    String command = AndroidCommands.screencap();
    byte[] png = shell.exec(command);
    if (!Png.hasSignature(png)) {
      String text = new String(png, 0, Math.min(png.length, 200), StandardCharsets.UTF_8).strip();
      throw new DeviceException(
          shell.deviceId(),
          "'"
              + command
              + "' sent no PNG ("
              + png.length
              + " bytes"
              + (text.isEmpty()
                  ? ""
                  : ": " + DeviceText.excerpt(text.lines().findFirst().orElse(""), 200))
              + ")");
    }
    if (!Png.isComplete(png)) {
      throw new DeviceException(
          shell.deviceId(),
          "the screenshot from '"
              + command
              + "' ended early ("
              + png.length
              + " bytes, no IEND chunk): the connection closed mid-stream");
    }
    return png;
  }

  private byte[] requireComplete(byte[] xml, String command) {
    if (!UiDump.isComplete(xml)) {
      throw new DeviceException(
          shell.deviceId(),
          "the hierarchy from '"
              + command
              + "' ended early ("
              + xml.length
              + " bytes, no </hierarchy>): the connection closed mid-stream");
    }
    return xml;
  }
}

package dev.apex.mcp;

import dev.apex.core.InvalidInputException;
import dev.apex.device.DeviceProviders;
import dev.apex.tools.ArgSpec;
import dev.apex.tools.Args;
import dev.apex.tools.NoArgs;
import dev.apex.tools.ToolSpec;
import java.util.List;
import java.util.Map;

/**
 * The tools the MCP server runs itself rather than as a device step: declared as the registry's
 * tools are ({@link ToolSpec}: one {@link ArgSpec} list that builds the schema and checks the
 * call), so a bad argument gets the same one-line message.
 */
final class ServerTools {

  private ServerTools() {}

  /** {@code list_devices}: what apex can reach now. */
  static final class ListDevices implements ToolSpec<NoArgs> {
    @Override
    public String name() {
      return "list_devices";
    }

    @Override
    public String description() {
      return "List the devices apex can reach with their state (the sim, adb's phones, the configured"
          + " WebDriverAgent and WebDriver servers, web) and the one in use.";
    }

    @Override
    public List<ArgSpec> args() {
      return List.of();
    }

    @Override
    public NoArgs parse(Map<String, Object> args) {
      ArgSpec.validate(name(), args(), args);
      return NoArgs.NONE;
    }
  }

  /**
   * {@code use_device}: ends the current session's task and starts one on another device.
   *
   * @param selector the device, as {@code apex run --device} takes it
   */
  record Selector(String selector) {}

  static final class UseDevice implements ToolSpec<Selector> {
    private static final List<ArgSpec> ARGS =
        List.of(
            ArgSpec.optional(
                "device",
                ArgSpec.Type.STRING,
                "sim (default), android[:SERIAL], ios[:WDA_URL], web[:URL] or webdriver:ENDPOINT"));

    @Override
    public String name() {
      return "use_device";
    }

    @Override
    public String description() {
      return "Switch to another device: ends this session's task and starts one there.";
    }

    @Override
    public List<ArgSpec> args() {
      return ARGS;
    }

    @Override
    public Selector parse(Map<String, Object> args) {
      ArgSpec.validate(name(), args(), args);
      String given = Args.string(args, "device");
      String selector = given == null || given.isBlank() ? "sim" : given.strip();
      try {
        DeviceProviders.validate(selector);
      } catch (InvalidInputException e) {
        throw new InvalidInputException("use_device: " + e.getMessage());
      }
      return new Selector(selector);
    }
  }

  /**
   * {@code run_flow}: flow YAML, as a flow file holds it.
   *
   * @param yaml the flow's text
   */
  record FlowText(String yaml) {}

  static final class RunFlow implements ToolSpec<FlowText> {
    /** The most flow text one call may carry, in characters. */
    static final int MAX_CHARS = 256 * 1024;

    private static final List<ArgSpec> ARGS =
        List.of(
            ArgSpec.required(
                "yaml",
                ArgSpec.Type.STRING,
                "a flow as YAML: name, then steps (e.g. '- tap: \"Wi-Fi\"'), as a flow file holds"));

    @Override
    public String name() {
      return "run_flow";
    }

    @Override
    public String description() {
      return "Run a flow's steps in order on this session, stopping at the first that fails.";
    }

    @Override
    public List<ArgSpec> args() {
      return ARGS;
    }

    @Override
    public FlowText parse(Map<String, Object> args) {
      ArgSpec.validate(name(), args(), args);
      String yaml = Args.requireString(name(), args, "yaml");
      if (yaml.length() > MAX_CHARS) {
        throw new InvalidInputException(
            "run_flow: 'yaml' has " + yaml.length() + " characters, over " + MAX_CHARS);
      }
      return new FlowText(yaml);
    }
  }
}

package dev.apex.runtime.flow;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import dev.apex.core.InvalidInputException;
import dev.apex.core.PlannedStep;
import dev.apex.tools.Tool;
import dev.apex.tools.ToolRegistry;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/** Turns flow YAML into a validated {@link Flow}; see {@link Flow} for the format. Stateless. */
final class FlowParser {

  private static final YAMLMapper YAML = new YAMLMapper();

  /** Bare words that stand for a whole step. */
  private static final Map<String, PlannedStep> ALIASES =
      Map.of(
          "back", PlannedStep.of("press_key", Map.of("key", "back")),
          "home", PlannedStep.of("press_key", Map.of("key", "home")),
          "enter", PlannedStep.of("press_key", Map.of("key", "enter")));

  private static final Set<String> TOP_LEVEL = Set.of("name", "tags", "timeout", "steps");

  /** The step-level key (beside the action) for the screen a step was recorded on. */
  static final String SCREEN = "screen";

  private FlowParser() {}

  /**
   * Refuses a character YAML does not allow (a control character, a lone surrogate) naming its line
   * and column: the YAML reader refuses it too, but says line 1, column 1 wherever it stands.
   */
  private static void checkPrintable(String yaml, String source) {
    int line = 1;
    int column = 1;
    for (int i = 0; i < yaml.length(); ) {
      int c = yaml.codePointAt(i);
      if (!yamlPrintable(c)) {
        throw new InvalidInputException(
            String.format(
                "%s line %d, column %d has the control character U+%04X, which YAML does not"
                    + " allow; remove it (write a key press as a press_key step)",
                source, line, column, c));
      }
      if (c == '\n') {
        line++;
        column = 1;
      } else {
        column++;
      }
      i += Character.charCount(c);
    }
  }

  /** YAML 1.1's printable set, as the reader checks it. */
  private static boolean yamlPrintable(int c) {
    return c == '\t'
        || c == '\n'
        || c == '\r'
        || (c >= 0x20 && c <= 0x7e)
        || c == 0x85
        || (c >= 0xa0 && c <= 0xd7ff)
        || (c >= 0xe000 && c <= 0xfffd)
        || (c >= 0x10000 && c <= 0x10ffff);
  }

  static Flow parse(String yaml, String source, ToolRegistry registry) {
    checkPrintable(yaml, source);
    StrictYaml.check(yaml, source);
    JsonNode root;
    try {
      root = YAML.readTree(yaml);
    } catch (JsonProcessingException e) {
      JsonLocation at = e.getLocation();
      String where =
          at == null ? "" : " at line " + at.getLineNr() + ", column " + at.getColumnNr();
      throw new InvalidInputException(
          source
              + " is not valid YAML"
              + where
              + ": "
              + firstLine(e.getOriginalMessage())
              + "; fix the syntax",
          e);
    }
    if (root == null || root.isMissingNode() || root.isNull()) {
      throw new InvalidInputException(source + " is empty; give it 'name:' and a 'steps:' list");
    }
    if (!root.isObject()) {
      throw new InvalidInputException(
          source + " must be a map with 'name' and 'steps', not a " + kind(root));
    }
    for (Iterator<String> it = root.fieldNames(); it.hasNext(); ) {
      String key = it.next();
      if (!TOP_LEVEL.contains(key)) {
        throw new InvalidInputException(
            source
                + ": unknown key '"
                + key
                + "'; a flow has only 'name', 'tags', 'timeout' and 'steps'");
      }
    }
    String name = defaultName(source);
    JsonNode nameNode = root.get("name");
    if (nameNode != null && !nameNode.isNull()) {
      if (!nameNode.isValueNode() || nameNode.asText().isBlank()) {
        throw new InvalidInputException(source + ": 'name' must be a non-empty string");
      }
      name = nameNode.asText().strip();
    }
    JsonNode stepsNode = root.get("steps");
    if (stepsNode == null || !stepsNode.isArray() || stepsNode.isEmpty()) {
      throw new InvalidInputException(
          source + ": 'steps' must be a non-empty list, e.g. steps: [ - launch_app: com.example ]");
    }
    List<PlannedStep> steps = new ArrayList<>();
    List<String> screens = new ArrayList<>();
    for (int i = 0; i < stepsNode.size(); i++) {
      String where = source + " step " + (i + 1);
      JsonNode node = stepsNode.get(i);
      String screen = null;
      if (node.isObject() && node.has(SCREEN) && node.size() > 1) {
        JsonNode value = node.get(SCREEN);
        if (!value.isValueNode() || value.asText().isBlank()) {
          throw new InvalidInputException(
              where + ": '" + SCREEN + "' must be a screen signature (16 hex digits), as recorded");
        }
        screen = value.asText().strip();
        node = ((ObjectNode) node.deepCopy()).without(SCREEN);
      }
      screens.add(screen);
      PlannedStep step = parseStep(node, where, registry);
      try {
        registry.parse(step); // the executor's own parse, so a flow fails here as it would there
      } catch (InvalidInputException e) {
        throw new InvalidInputException(where + ": " + e.getMessage(), e);
      }
      steps.add(step);
    }
    return new Flow(name, source, steps, screens)
        .withMetadata(
            FlowMetadata.tags(root.get("tags"), source),
            FlowMetadata.timeout(root.get("timeout"), source));
  }

  private static PlannedStep parseStep(JsonNode node, String where, ToolRegistry registry) {
    if (node.isTextual()) {
      return bare(node.asText().strip(), where, registry);
    }
    if (!node.isObject()) {
      throw new InvalidInputException(
          where + " is a " + kind(node) + "; write 'action: args' or a bare action name");
    }
    if (node.size() != 1) {
      List<String> keys = new ArrayList<>();
      node.fieldNames().forEachRemaining(keys::add);
      throw new InvalidInputException(
          where
              + " has "
              + keys.size()
              + " keys ("
              + String.join(", ", keys)
              + "); give one action per step and indent its arguments under it, or write"
              + " them inline: - tap: { text: \"OK\" }");
    }
    String action = node.fieldNames().next();
    JsonNode value = node.get(action);
    if (value.isNull() && ALIASES.containsKey(action) && !registry.contains(action)) {
      return ALIASES.get(action);
    }
    Tool<?> tool = tool(action, where, registry);
    if (value.isNull()) {
      return PlannedStep.of(action);
    }
    if (value.isObject()) {
      Map<String, Object> args = new LinkedHashMap<>();
      for (Iterator<Map.Entry<String, JsonNode>> it = value.fields(); it.hasNext(); ) {
        Map.Entry<String, JsonNode> arg = it.next();
        if (arg.getValue().isNull()) {
          throw new InvalidInputException(
              where + ": argument '" + arg.getKey() + "' of " + action + " has no value; give one");
        }
        args.put(arg.getKey(), toJava(arg.getValue()));
      }
      return PlannedStep.of(action, args);
    }
    if (value.isValueNode()) {
      Optional<String> shorthand = tool.shorthandArg();
      if (shorthand.isEmpty()) {
        throw new InvalidInputException(
            where + ": " + action + " takes no single value; give its arguments as a map");
      }
      return PlannedStep.of(action, Map.of(shorthand.get(), toJava(value)));
    }
    throw new InvalidInputException(
        where + ": the arguments of " + action + " are a " + kind(value) + "; give a map");
  }

  private static PlannedStep bare(String word, String where, ToolRegistry registry) {
    if (ALIASES.containsKey(word) && !registry.contains(word)) {
      return ALIASES.get(word);
    }
    tool(word, where, registry);
    return PlannedStep.of(word);
  }

  private static Tool<?> tool(String action, String where, ToolRegistry registry) {
    if (!registry.contains(action)) {
      List<String> known = new ArrayList<>(registry.names());
      known.addAll(ALIASES.keySet());
      known.sort(null);
      throw new InvalidInputException(
          where + ": unknown action '" + action + "'; use one of " + String.join(", ", known));
    }
    return registry.get(action);
  }

  private static Object toJava(JsonNode node) {
    if (node.isObject()) {
      Map<String, Object> map = new LinkedHashMap<>();
      node.fields().forEachRemaining(e -> map.put(e.getKey(), toJava(e.getValue())));
      return map;
    }
    if (node.isArray()) {
      List<Object> list = new ArrayList<>();
      node.forEach(n -> list.add(toJava(n)));
      return list;
    }
    if (node.isIntegralNumber()) {
      return node.canConvertToInt() ? (Object) node.intValue() : (Object) node.longValue();
    }
    if (node.isNumber()) {
      return node.doubleValue();
    }
    if (node.isBoolean()) {
      return node.booleanValue();
    }
    return node.isNull() ? null : node.asText();
  }

  private static String kind(JsonNode node) {
    return node.isArray() ? "list" : node.isObject() ? "map" : node.isNumber() ? "number" : "value";
  }

  private static String defaultName(String source) {
    String file = source.replace('\\', '/');
    file = file.substring(file.lastIndexOf('/') + 1);
    int dot = file.lastIndexOf('.');
    return dot > 0 ? file.substring(0, dot) : file;
  }

  private static String firstLine(String message) {
    if (message == null) {
      return "unreadable";
    }
    int nl = message.indexOf('\n');
    return (nl < 0 ? message : message.substring(0, nl)).strip();
  }
}

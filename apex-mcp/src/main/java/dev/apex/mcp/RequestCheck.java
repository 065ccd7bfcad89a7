package dev.apex.mcp;

import io.modelcontextprotocol.spec.McpSchema;
import java.util.List;
import java.util.Map;

/**
 * What is wrong with a request's params, in the client's terms, before the SDK reads them. The SDK
 * converts params to its own types and answers a mismatch with {@code -32603} and the Java
 * exception's text (a class name, a Jackson token); the guard answers such a request itself, with
 * {@code -32602} and this check's line. Only the shapes the SDK converts are checked: params an
 * object (MCP never sends positional params), {@code _meta} an object, and for {@code tools/call}
 * and {@code initialize} the fields they carry. A tool's own arguments are the registry's to judge.
 */
final class RequestCheck {

  private RequestCheck() {}

  /** What is wrong with {@code request}'s params, or null when the SDK can read them. */
  static String problem(McpSchema.JSONRPCRequest request) {
    Object params = request.params();
    if (params == null) {
      return request.method().equals(McpSchema.METHOD_TOOLS_CALL) ? missingName() : null;
    }
    if (!(params instanceof Map<?, ?> fields)) {
      return "params must be an object, got " + kind(params);
    }
    String wrong = optional(fields, "_meta", "an object", Map.class);
    if (wrong != null) {
      return wrong;
    }
    return switch (request.method()) {
      case McpSchema.METHOD_TOOLS_CALL -> toolsCall(fields);
      case McpSchema.METHOD_INITIALIZE -> initialize(fields);
      default -> null;
    };
  }

  private static String toolsCall(Map<?, ?> params) {
    Object name = params.get("name");
    if (name == null) {
      return missingName();
    }
    if (!(name instanceof String)) {
      return "params.name must be a string naming a tool (see tools/list), got " + kind(name);
    }
    return optional(params, "arguments", "an object of the tool's arguments", Map.class);
  }

  private static String initialize(Map<?, ?> params) {
    String wrong = optional(params, "protocolVersion", "a string", String.class);
    if (wrong == null) {
      wrong = optional(params, "capabilities", "an object", Map.class);
    }
    if (wrong == null) {
      wrong = optional(params, "clientInfo", "an object with the client's name", Map.class);
    }
    return wrong;
  }

  private static String missingName() {
    return "params.name is missing: a tools/call names the tool to call (see tools/list)";
  }

  /** Null when {@code key} is absent, null or a {@code type}; else what it must be. */
  private static String optional(Map<?, ?> params, String key, String what, Class<?> type) {
    Object value = params.get(key);
    if (value == null || type.isInstance(value)) {
      return null;
    }
    return "params." + key + " must be " + what + ", got " + kind(value);
  }

  /** A JSON value's kind, as a client reads it. */
  static String kind(Object value) {
    if (value instanceof String) {
      return "a string";
    }
    if (value instanceof Number) {
      return "a number";
    }
    if (value instanceof Boolean) {
      return "a boolean";
    }
    if (value instanceof List<?> || value != null && value.getClass().isArray()) {
      return "an array";
    }
    if (value instanceof Map<?, ?>) {
      return "an object";
    }
    return "null";
  }
}

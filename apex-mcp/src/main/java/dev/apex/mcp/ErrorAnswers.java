package dev.apex.mcp;

import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpSchema.JSONRPCResponse;
import io.modelcontextprotocol.spec.McpSchema.JSONRPCResponse.JSONRPCError;
import java.util.regex.Pattern;

/**
 * The last word on an error answer before it leaves: a client reads what it did wrong, never a Java
 * class. The guard's {@link RequestCheck} answers the malformed requests it knows first; this net
 * catches what is left, where the SDK answers {@code -32603} with an exception's text, and its
 * unknown-tool answer, whose message names no tool. Every message the server sends passes here
 * ({@link SerialTransportProvider}), so no answer skips it.
 */
final class ErrorAnswers {

  /** A qualified Java class name: {@code java.lang.String}, {@code tools.jackson.…Exception}. */
  private static final Pattern CLASS_NAME =
      Pattern.compile("\\b(?:[a-z][a-z0-9_]*\\.){2,}[A-Z][\\w$]*");

  private static final String TOOL_NOT_FOUND = "Tool not found: ";

  private ErrorAnswers() {}

  /** {@code message}, or the same answer in the client's terms when its error needs them. */
  static McpSchema.JSONRPCMessage inClientTerms(McpSchema.JSONRPCMessage message) {
    if (!(message instanceof JSONRPCResponse response) || response.error() == null) {
      return message;
    }
    JSONRPCError error = response.error();
    if (error.data() instanceof String data && data.startsWith(TOOL_NOT_FOUND)) {
      String name = data.substring(TOOL_NOT_FOUND.length());
      return answer(
          response,
          McpSchema.ErrorCodes.INVALID_PARAMS,
          "Invalid params: unknown tool '" + name + "'; tools/list names the tools apex serves");
    }
    if (error.message() != null && CLASS_NAME.matcher(error.message()).find()) {
      return answer(
          response,
          error.code() == null ? McpSchema.ErrorCodes.INTERNAL_ERROR : error.code(),
          "Internal error: apex could not handle this request (its params may not be what the"
              + " method takes); apex's log on stderr has the detail");
    }
    return message;
  }

  /** Whether {@code message} names a Java class, as a client must never read. */
  static boolean namesJavaClass(String message) {
    return message != null && CLASS_NAME.matcher(message).find();
  }

  private static JSONRPCResponse answer(JSONRPCResponse response, int code, String text) {
    return new JSONRPCResponse(
        response.jsonrpc(), response.id(), null, new JSONRPCError(code, text, null));
  }
}
